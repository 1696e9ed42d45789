"""The games' Discord front-ends, one package each (``bot/games/<game>/``), named by each game's
descriptor. Shared bot modules never import from here (docs/architecture.md, "Adding a game")."""
