"""The conformance suite: every installed game, played at random and checked (issue 18, item 4)."""
