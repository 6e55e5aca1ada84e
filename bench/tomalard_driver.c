/* A line protocol for TomAlard/UTTT_player's engine (github.com/TomAlard/UTTT_player): our
 * code, not theirs.
 *
 * TomAlard's bot is MCTS over a small quantised value net (190 inputs -> 256 -> 1, AVX2); on
 * CodinGame it reads the referee's moves on stdin and keeps its tree from turn to turn, with
 * 100 ms a turn and ten times that on its first. bench/outside_engines.py builds this file
 * against its src/ at a pinned commit, in a git-ignored folder, and never commits TomAlard's
 * code. Its search is called unchanged: createMCTSRootNode, findNextMove for the milliseconds
 * of the go line, getMostPromisingMove (its own choice: the child with the best eval + log2
 * visits). What this driver does differently from its CodinGame main (src/main.c, handle_turn.c):
 *   - a fresh search per go: the node arena is emptied and the position replayed from the
 *     empty board each time, so no tree is kept between moves (nor the opponent's reply
 *     reused), as ziap and bench/uct.c play;
 *   - the time is the go line's, every move (no tenfold first turn);
 *   - board->me, which CodinGame's main sets to the bot's side and which only gates its
 *     opening book (the centre square on an empty board), is the side to move.
 * The one rule it plays differently from ours, CodinGame's tie-break (a game with every small
 * board decided and no line goes to whoever won more small boards), is patched out of
 * src/board/board.c by bench/outside_engines.py before compiling: such a game is a draw.
 * TomAlard's search has no random numbers, so the SEED argument is read and not used.
 *
 * Protocol, as bench/uct.c's: one line in and one line out, MOVES being the game's squares
 * (9 * board + cell) from the empty board:  go MS MOVES -> "SQUARE ITERATIONS";
 * legal MOVES -> "RESULT SQUARES..." (RESULT -1 going on, 0 X won, 1 O won, 2 draw), by
 * TomAlard's rules, to check them against ours.  Usage: tomalard [SEED]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/board.h"
#include "mcts/find_next_move.h"
#include "mcts/mcts_node.h"

/* The game after MOVES, on an emptied board: no node of an earlier search is left. */
static void replay(Board *board, const State *empty, const char *rest) {
  int square, offset;
  board->state = *empty;
  board->stateCheckpoint = *empty;
  board->currentNodeIndex = 0;
  while (sscanf(rest, "%d%n", &square, &offset) == 1) {
    Square move = {(uint8_t)(square / 9), (uint8_t)(square % 9)};
    makePermanentMove(board, move);
    rest += offset;
  }
  board->me = board->state.currentPlayer;
}

int main(int argc, char **argv) {
  char line[1024], command[16];
  (void)(argc > 1 ? strtoull(argv[1], NULL, 10) : 0); /* no random numbers in its search */
  Board *board = createBoard();
  const State empty = board->state;
  while (fgets(line, sizeof line, stdin)) {
    int offset = 0, argument = 0;
    if (sscanf(line, "%15s%n", command, &offset) != 1) continue;
    char *rest = line + offset;
    if (strcmp(command, "legal") && sscanf(rest, "%d%n", &argument, &offset) == 1) rest += offset;
    replay(board, &empty, rest);
    if (!strcmp(command, "go")) {
      int root = createMCTSRootNode(board);
      int iterations = findNextMove(board, root, argument / 1000.0);
      Square move = getMostPromisingMove(board, &board->nodes[root]);
      printf("%d %d\n", 9 * move.board + move.position, iterations);
    } else if (!strcmp(command, "legal")) {
      Square moves[TOTAL_SMALL_SQUARES];
      int n = generateMoves(board, moves);
      Winner winner = board->state.winner;
      printf("%d", winner == NONE ? -1 : winner == WIN_P1 ? 0 : winner == WIN_P2 ? 1 : 2);
      for (int i = 0; i < n; i++) printf(" %d", 9 * moves[i].board + moves[i].position);
      printf("\n");
    } else printf("error unknown command %s\n", command);
    fflush(stdout);
  }
  freeBoard(board);
  return 0;
}
