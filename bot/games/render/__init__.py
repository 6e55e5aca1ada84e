"""The text players read, for Discord and the terminal, so a game reads the same everywhere.

``boards`` puts a game's message together (its title, grid and status line are its variant's
renderer's, ``bot.games.variants``) and words challenges, replies and expiry; ``records``
stats and leaderboards; ``solo`` solo
ratings and the levels' table; ``history`` a page of a member's games and ``review`` a
post-game review. Nothing here touches storage or Discord. Import each from its module: the
variants draw with ``boards`` and ``glyphs``, and the modules that list every kind
(``records``, ``solo``) read the variants' registry, which imports the variants.
"""
