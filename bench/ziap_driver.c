/* A line protocol for ziap/uttt's engine (github.com/ziap/uttt, issue 48): our code, not theirs.
 *
 * ziap/uttt is a browser engine (C compiled to WebAssembly, driven from JavaScript) with no
 * command line of its own; bench/outside_engines.py builds this file against its src/ at a
 * pinned commit, in a git-ignored folder, and never commits ziap's code. Its search is used
 * unchanged: mcts.c is included whole (its functions are static), mcts_init then mcts_search
 * until the time is up (ziap counts a budget of playout plies instead; the bench gives time),
 * and the move is the root child with the best mean, value / samples, as ziap's js/ai.js and
 * src/wasm/state.c choose it (ZIAP_MOST_VISITED=1 in the environment picks the most visited
 * child instead, to measure that one difference). One thread: ziap's root parallelism is the
 * browser's web workers, not this.
 *
 * Protocol, as bench/uct.c's: one line in and one line out, MOVES being the game's squares
 * (9 * board + cell) from the empty board:  go MS MOVES -> "SQUARE ITERATIONS";
 * legal MOVES -> "RESULT SQUARES..." (RESULT -1 going on, 0 X won, 1 O won, 2 draw), by ziap's
 * rules, to check them against ours.  Usage: ziap [SEED]
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mcts.c"

#define NODES_CAP (1 << 23)
static Node nodes[NODES_CAP];
static NodeArena arena = {.nodes = nodes, .capacity = NODES_CAP};

void log_error(const char *ptr, u32 size) { fwrite(ptr, 1, size, stderr); }
void dump(f32 x) { fprintf(stderr, "%f\n", (double)x); }

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int legal_squares(const State *s, int *out) {
  int n = 0;
  if (s->result) return 0;
  for (int g = 0; g < 9; g++) {
    if (s->last_move != -1 && s->last_move != g) continue;
    if ((s->boards[9] >> (2 * g)) & 3) continue;
    for (int c = 0; c < 9; c++)
      if (!((s->boards[g] >> (2 * c)) & 3)) out[n++] = 9 * g + c;
  }
  return n;
}

int main(int argc, char **argv) {
  char line[1024], command[16];
  u64 seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 0;
  int most_visited = getenv("ZIAP_MOST_VISITED") && !strcmp(getenv("ZIAP_MOST_VISITED"), "1");
  create_table();
  while (fgets(line, sizeof line, stdin)) {
    int offset = 0, argument = 0, square;
    if (sscanf(line, "%15s%n", command, &offset) != 1) continue;
    char *rest = line + offset;
    if (strcmp(command, "legal") && sscanf(rest, "%d%n", &argument, &offset) == 1) rest += offset;
    State state;
    State_init(&state);
    while (sscanf(rest, "%d%n", &square, &offset) == 1) {
      State_move(&state, (Move){(i8)(square / 9), (i8)(square % 9)});
      rest += offset;
    }
    if (!strcmp(command, "go")) {
      MCTS searcher;
      double deadline = now() + argument / 1000.0;
      i32 steps = 1 << 30;
      long count = 0;
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      mcts_init(&searcher, seed, &arena);
      Node *root = searcher.current_node;
      while (count == 0 || (count & 63) || now() < deadline) {
        mcts_search(&searcher, state, &steps, &arena);
        steps = 1 << 30;
        count++;
      }
      if (!root->children_count) expand_node(root, &state, &arena); /* one visit: no children yet */
      Node *best = root + root->children;
      for (u32 i = 0; i < root->children_count; i++) {
        Node *child = root + root->children + i;
        if (!child->samples) continue;
        if (!best->samples) { best = child; continue; }
        int better = most_visited ? child->samples > best->samples
                                  : (f32)child->value / (f32)child->samples > (f32)best->value / (f32)best->samples;
        if (better) best = child;
      }
      printf("%d %ld\n", 9 * best->move.grid + best->move.cell, count);
    } else if (!strcmp(command, "legal")) {
      int moves[81], n = legal_squares(&state, moves);
      printf("%d", state.result ? (int)state.result - 1 : -1);
      for (int i = 0; i < n; i++) printf(" %d", moves[i]);
      printf("\n");
    } else printf("error unknown command %s\n", command);
    fflush(stdout);
  }
  return 0;
}
