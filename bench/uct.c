/* Plain UCT for Ultimate tic-tac-toe, compiled: bench/ultimate.py's yardstick (issue 36).
 *
 * The textbook algorithm and nothing more, as bench/_ultimate_uct.py in C: UCB1 with
 * exploration sqrt 2, one node added an iteration, uniformly random playouts (uniform over
 * every legal square), one thread, the most visited move; no tree kept between moves.
 * Built by the bench with the OS's C compiler; never shipped. The rules are the engine's
 * (bot/engine/ultimate/): squares are 9 * board + cell, a move sends the opponent to the board
 * at its cell unless that board is won or full, a small board is won by a line and then closed,
 * a full board counts for nobody, three won boards in a row win, no open board left: a draw.
 *
 * Protocol, one line in and one line out on stdin/stdout, MOVES being the game's squares from
 * the empty board:  go MS MOVES -> "SQUARE ITERATIONS";  legal MOVES -> "RESULT SQUARES..."
 * (RESULT -1 going on, 0 X won, 1 O won, 2 draw);  perft DEPTH MOVES -> "COUNT";
 * playouts MS MOVES -> "PLAYOUTS" (how many random playouts ran in MS ms).  Usage: uct [SEED]
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FULL 511
#ifndef EXPLORATION /* UCB1's constant on rewards 0, 1/2, 1; cc -DEXPLORATION=0.5 for another (issue 48) */
#define EXPLORATION 1.4142135623730951
#endif
enum { GOING_ON = -1, DRAW = 2 };

typedef struct { uint16_t marks[2][9], won[2], open; int8_t forced, turn, result; } Pos;
/* A node's children sit side by side from child, made all at once the first time the search
 * reaches the node (legal of them, in a random order, unvisited) and visited one more an
 * iteration (tried of them so far): the tree still grows by one visited node an iteration, the
 * untried move taken uniformly at random, but UCB1 reads the children from one stretch of
 * memory where a linked list of siblings missed the cache at every child (issue 48). */
typedef struct { int32_t child, visits; float score; uint8_t square, mover, tried, legal; } Node;

static uint8_t has_line[512];
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static Node *pool;
static int32_t used, capacity;

static uint64_t next_random(void) { /* xorshift64* */
    rng_state ^= rng_state >> 12; rng_state ^= rng_state << 25; rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Dull;
}
static int below(int n) { return (int)(((next_random() >> 32) * (uint64_t)n) >> 32); }
static int nth_bit(unsigned set, int n) { while (n--) set &= set - 1; return __builtin_ctz(set); }
static double now(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9;
}

static void start(Pos *p) { memset(p, 0, sizeof *p); p->open = FULL; p->forced = -1; p->result = GOING_ON; }
static unsigned empty_cells(const Pos *p, int b) { return FULL & ~(p->marks[0][b] | p->marks[1][b]); }
static unsigned playable(const Pos *p) { return p->forced >= 0 ? 1u << p->forced : p->open; }

static void play(Pos *p, int square) {
    int b = square / 9, c = square % 9, t = p->turn;
    unsigned mine = p->marks[t][b] |= 1u << c;
    if (has_line[mine]) {
        p->won[t] |= 1u << b; p->open &= ~(1u << b);
        if (has_line[p->won[t]]) p->result = t;
    } else if ((mine | p->marks[1 - t][b]) == FULL) p->open &= ~(1u << b);
    if (p->result == GOING_ON && !p->open) p->result = DRAW;
    p->forced = p->open >> c & 1 ? c : -1;
    p->turn = 1 - t;
}

static int legal(const Pos *p, uint8_t *out) {
    int n = 0;
    if (p->result != GOING_ON) return 0;
    for (unsigned boards = playable(p); boards; boards &= boards - 1) {
        int b = __builtin_ctz(boards);
        for (unsigned e = empty_cells(p, b); e; e &= e - 1) out[n++] = 9 * b + __builtin_ctz(e);
    }
    return n;
}

static int random_playout(Pos p) { /* uniform over every legal square; the result */
    while (p.result == GOING_ON) {
        int b, total = 0, k;
        if (p.forced >= 0) b = p.forced, k = below(__builtin_popcount(empty_cells(&p, b)));
        else {
            for (unsigned o = p.open; o; o &= o - 1) total += __builtin_popcount(empty_cells(&p, __builtin_ctz(o)));
            k = below(total);
            for (unsigned o = p.open;; o &= o - 1) {
                int here = __builtin_popcount(empty_cells(&p, b = __builtin_ctz(o)));
                if (k < here) break;
                k -= here;
            }
        }
        play(&p, 9 * b + nth_bit(empty_cells(&p, b), k));
    }
    return p.result;
}

static int32_t new_nodes(int count) { /* count nodes side by side; the first's index */
    while (used + count > capacity) {
        capacity = capacity ? 2 * capacity : 1 << 16;
        if (!(pool = realloc(pool, (size_t)capacity * sizeof *pool))) { perror("uct"); exit(1); }
    }
    used += count;
    return used - count;
}

static void make_children(int32_t node, const Pos *p) { /* the node's children, shuffled */
    uint8_t moves[81];
    int n = legal(p, moves);
    for (int i = n - 1; i > 0; i--) { int j = below(i + 1); uint8_t m = moves[i]; moves[i] = moves[j]; moves[j] = m; }
    int32_t first = n ? new_nodes(n) : -1;
    for (int i = 0; i < n; i++) pool[first + i] = (Node){-1, 0, 0.0f, moves[i], (uint8_t)p->turn, 0, 0};
    pool[node].child = first; pool[node].legal = (uint8_t)n;
}

static int uct_move(const Pos *root_pos, double seconds, long *iterations) {
    double deadline = now() + seconds;
    used = 0;
    int32_t root = new_nodes(1);
    pool[root] = (Node){-1, 0, 0.0f, 255, (uint8_t)(1 - root_pos->turn), 0, 0};
    make_children(root, root_pos);
    if (!pool[root].legal) return *iterations = 0, -1;
    long count = 0;
    while (count == 0 || (count & 63) || now() < deadline) {
        int32_t path[90], depth = 0, node = root;
        Pos p = *root_pos;
        path[depth++] = node;
        while (pool[node].tried == pool[node].legal && pool[node].legal) { /* UCB1 */
            double scale = EXPLORATION * sqrt(log((double)pool[node].visits)), best_value = -1;
            int32_t best = -1;
            for (int32_t ch = pool[node].child, end = ch + pool[node].legal; ch < end; ch++) {
                double value = pool[ch].score / pool[ch].visits + scale / sqrt((double)pool[ch].visits);
                if (value > best_value) best = ch, best_value = value;
            }
            node = best; play(&p, pool[node].square); path[depth++] = node;
            if (pool[node].child < 0 && p.result == GOING_ON) make_children(node, &p);
        }
        if (pool[node].tried < pool[node].legal) { /* expand a random untried move */
            int32_t child = pool[node].child + pool[node].tried++;
            play(&p, pool[child].square);
            path[depth++] = node = child;
        }
        int outcome = random_playout(p);
        for (int i = 0; i < depth; i++) {
            Node *v = &pool[path[i]];
            v->visits++;
            v->score += outcome == DRAW ? 0.5f : outcome == v->mover ? 1.0f : 0.0f;
        }
        count++;
    }
    int32_t best = pool[root].child;
    for (int32_t ch = best, end = ch + pool[root].legal; ch < end; ch++) if (pool[ch].visits > pool[best].visits) best = ch;
    *iterations = count;
    return pool[best].square;
}

static long perft(const Pos *p, int depth) {
    uint8_t moves[81];
    int n = legal(p, moves);
    if (depth <= 1) return depth == 1 ? n : 1;
    long total = 0;
    for (int i = 0; i < n; i++) { Pos q = *p; play(&q, moves[i]); total += perft(&q, depth - 1); }
    return total;
}

int main(int argc, char **argv) {
    char line[1024], command[16];
    for (unsigned m = 0; m < 512; m++)
        for (int r = 0; r < 3; r++) {
            unsigned row = 7u << 3 * r, column = 73u << r;
            if ((m & row) == row || (m & column) == column || (m & 273) == 273 || (m & 84) == 84) has_line[m] = 1;
        }
    if (argc > 1) rng_state ^= strtoull(argv[1], NULL, 10) * 0xD1B54A32D192ED03ull;
    next_random();
    while (fgets(line, sizeof line, stdin)) {
        int offset = 0, argument = 0, square;
        if (sscanf(line, "%15s%n", command, &offset) != 1) continue;
        char *rest = line + offset;
        if (strcmp(command, "legal") && sscanf(rest, "%d%n", &argument, &offset) == 1) rest += offset;
        Pos p;
        start(&p);
        while (sscanf(rest, "%d%n", &square, &offset) == 1) { play(&p, square); rest += offset; }
        if (!strcmp(command, "go")) {
            long iterations;
            int move = uct_move(&p, argument / 1000.0, &iterations);
            printf("%d %ld\n", move, iterations);
        } else if (!strcmp(command, "legal")) {
            uint8_t moves[81];
            int n = legal(&p, moves);
            printf("%d", p.result);
            for (int i = 0; i < n; i++) printf(" %d", moves[i]);
            printf("\n");
        } else if (!strcmp(command, "perft")) printf("%ld\n", perft(&p, argument));
        else if (!strcmp(command, "playouts")) {
            double deadline = now() + argument / 1000.0;
            long count = 0;
            while ((count & 63) || now() < deadline) random_playout(p), count++;
            printf("%ld\n", count);
        } else printf("error unknown command %s\n", command);
        fflush(stdout);
    }
    free(pool);
    return 0;
}
