"""Teaching tools: the minimax search as a student reads it, beside the engine's own solver.

    tree = search_tree(board, depth=2, pruning=True)   # every position the search visits
    print(render_tree(tree))                           # the indented outline --tree prints
    plain_minimax_positions(board)                     # what plain minimax would examine

The textbook algorithm (:mod:`.tree`), its outline (:mod:`.outline`) and the plain-minimax
yardstick (:mod:`.plain`); docs/minimax.md walks through them.
"""

from .outline import render_tree
from .plain import PLAIN_COUNT_LIMIT, plain_minimax_positions
from .tree import TREE_NODE_LIMIT, Bound, SearchTree, TreeNode, search_tree

__all__ = [
    "PLAIN_COUNT_LIMIT",
    "TREE_NODE_LIMIT",
    "Bound",
    "SearchTree",
    "TreeNode",
    "plain_minimax_positions",
    "render_tree",
    "search_tree",
]
