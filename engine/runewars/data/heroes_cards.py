"""Hero, quest and reward cards (pp. 25-29; data/runewars/heroes.toml, quests.toml, rewards.toml).

The loader calls :func:`check_hero_cards` on the merged records and puts the result of
:func:`build_hero_cards` on ``Pack.hero_cards`` (the card dataclasses are in ``model.py``). Only
complete records become cards: the partial records of rulebook_examples.toml wait for their
complete version (same id).

Card abilities are effect records (``[{do = "...", ...}]``, engine/runewars/effects); their
names and parameters are checked against the effects registry by the tests, because the
registry lives with the rule modules, which the data package does not import.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from .model import FATE_SYMBOLS, Effects, HeroCard, HeroCards, QuestCard, RewardCard

TRAITS = ("strength", "agility", "wisdom")
HERO_ALIGNMENTS = ("good", "neutral", "evil")
#: when a hero's ability triggers (p. 28 „zu Beginn eines Duells“; the rest is house design)
HERO_WHEN = ("duel_start", "attack_start", "quest_done") + tuple(f"test_{t}" for t in TRAITS)
#: when a reward can be used (p. 27: most on a special icon in a duel)
REWARD_WHEN = ("duel_special", "duel_armor", "duel_start", "test", "turn", "keyword")
REWARD_TRAITS = ("weapon", "armor")
#: lasting abilities of heroes and rewards (docs/heroes.md)
KEYWORDS = ("pathfinder", "stalwart", "ferocious", "mender", "loyal")
#: quests without an area id: any area with a city, any neutral area
QUEST_WHERE = ("city", "neutral")
DUEL_OUTCOME = "win"

# -- validation ----------------------------------------------------------------------------

COMPONENTS = {"hero": "hero_cards", "quest": "quest_cards", "reward": "reward_cards"}


def _complete(m, table: str) -> dict[str, Any]:
    return {rid: rec for rid, rec in m.tables.get(table, {}).items() if not rec.data.get("partial", False)}


def check_hero_cards(v, m) -> None:
    """Cross-record checks of the hero, quest and reward cards; errors go to the loader's validator ``v``."""
    areas = {h["area"]: bool(t.data.get("home_faction")) for t in m.tables.get("tile", {}).values() for h in t.data["hex"]}
    neutrals = {rid for rid, r in m.tables.get("unit", {}).items() if r.data["faction"] == "neutral"}
    for table, check in (("hero", _check_hero), ("quest", _check_quest), ("reward", _check_reward)):
        records = _complete(m, table)
        for rid, rec in records.items():

            def err(field: str, message: str, _rec=rec, _rid=rid, _table=table) -> None:
                v.err(_rec, _table, _rid, field, message)

            for field in ("name", "summary"):
                if not isinstance(rec.data.get(field), str):
                    err(field, "missing required field (a string)")
            check(rec.data, err, areas=areas, neutrals=neutrals)
        want = v.comp(COMPONENTS[table])
        if records and want is not None and len(records) != want:
            last = list(records.values())[-1]
            v.err(last, table, last.data["id"], "id", f"{len(records)} complete {table} cards, the component list says {want}")
    quests = _complete(m, "quest")
    for rid, rec in m.tables.get("setup_quest", {}).items():  # the same card (p. 8): a quest with its id goes where it does
        quest = quests.get(rid)
        if quest is not None and (quest.data.get("area"), quest.data.get("test")) != (rec.data["area"], rec.data["test"]):
            v.err(
                quest,
                "quest",
                rid,
                "area",
                f"the setup quest names {rec.data['area']} and {rec.data['test']}; the quest card must too",
            )


def _effects_ok(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(e, dict) and isinstance(e.get("do"), str) for e in value)


def _check_keywords(data: dict, err) -> None:
    keywords = data.get("keywords", [])
    if not (isinstance(keywords, list) and set(keywords) <= set(KEYWORDS)):
        err("keywords", f"a list of {KEYWORDS}")


def _check_hero(data: dict, err, **_: Any) -> None:
    if data.get("alignment") not in HERO_ALIGNMENTS:
        err("alignment", f"must be one of {HERO_ALIGNMENTS}")
    for field in TRAITS + ("health",):
        value = data.get(field)
        if not (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
            err(field, "must be an integer >= 1")
    if "when" in data and data["when"] not in HERO_WHEN:
        err("when", f"must be one of {HERO_WHEN}")
    if ("when" in data) != ("effects" in data) or ("effects" in data and not _effects_ok(data["effects"])):
        err("effects", "a triggered ability has both 'when' and 'effects' (a list of {do = ...} tables)")
    _check_keywords(data, err)


def _check_quest(data: dict, err, *, areas: dict[str, bool], neutrals: set[str]) -> None:
    if ("area" in data) == ("where" in data):
        err("area", "a quest names either an 'area' or a 'where'")
    elif "area" in data and (data["area"] not in areas or areas[data["area"]]):
        err("area", f"{data['area']!r} is not an area outside the home realms")
    elif "where" in data and data["where"] not in QUEST_WHERE:
        err("where", f"must be one of {QUEST_WHERE}")
    if ("test" in data) == ("duel" in data):
        err("test", "a quest is either a trait 'test' or a 'duel'")
        return
    if "test" in data:
        if data["test"] not in TRAITS:
            err("test", f"must be one of {TRAITS}")
        keys = [s for s in FATE_SYMBOLS if s in data]
        if not keys or DUEL_OUTCOME in data:
            err("test", f"a test quest lists the effects of at least one fate symbol {FATE_SYMBOLS}")
    else:
        if data["duel"] not in neutrals:
            err("duel", f"{data['duel']!r} is not a neutral unit type")
        keys = [DUEL_OUTCOME] if DUEL_OUTCOME in data else []
        if not keys or any(s in data for s in FATE_SYMBOLS):
            err("win", "a duel quest lists the effects of winning ('win') and nothing else")
    for key in keys:
        if not _effects_ok(data[key]):
            err(key, "a list of {do = ...} tables")


def _check_reward(data: dict, err, **_: Any) -> None:
    if "trait" in data and data["trait"] not in REWARD_TRAITS:
        err("trait", f"must be one of {REWARD_TRAITS}")
    if data.get("when") not in REWARD_WHEN:
        err("when", f"must be one of {REWARD_WHEN}")
    if "test" in data and (data.get("when") != "test" or data["test"] not in TRAITS):
        err("test", f"only test rewards name a trait: one of {TRAITS}")
    for flag in ("once", "discard"):
        if not isinstance(data.get(flag, False), bool):
            err(flag, "must be true or false")
    _check_keywords(data, err)
    if data.get("when") == "keyword":
        if not data.get("keywords"):
            err("keywords", "a keyword reward names its keywords")
    elif not _effects_ok(data.get("effects")):
        err("effects", "a list of {do = ...} tables")


# -- building ---------------------------------------------------------------------------------


def _frozen_effects(records: list[dict]) -> Effects:
    return tuple(MappingProxyType(dict(r)) for r in records)


def build_hero_cards(m, prov) -> HeroCards:
    """The complete hero, quest and reward cards of the merged pack; ``prov`` builds a Provenance from a record."""
    heroes = {
        rid: HeroCard(
            rid,
            d["name"],
            d["alignment"],
            d["strength"],
            d["agility"],
            d["wisdom"],
            d["health"],
            d.get("when"),
            _frozen_effects(d.get("effects", [])),
            tuple(d.get("keywords", ())),
            d["summary"],
            d.get("text", ""),
            prov(d),
        )
        for rid, d in ((rid, r.data) for rid, r in _complete(m, "hero").items())
    }
    quests = {
        rid: QuestCard(
            rid,
            d["name"],
            d.get("area"),
            d.get("where"),
            d.get("test"),
            d.get("duel"),
            MappingProxyType({k: _frozen_effects(d[k]) for k in FATE_SYMBOLS + (DUEL_OUTCOME,) if k in d}),
            d["summary"],
            d.get("text", ""),
            prov(d),
        )
        for rid, d in ((rid, r.data) for rid, r in _complete(m, "quest").items())
    }
    rewards = {
        rid: RewardCard(
            rid,
            d["name"],
            d.get("trait"),
            d["when"],
            d.get("test"),
            d.get("once", False),
            d.get("discard", False),
            tuple(d.get("keywords", ())),
            _frozen_effects(d.get("effects", [])),
            d["summary"],
            d.get("text", ""),
            prov(d),
        )
        for rid, d in ((rid, r.data) for rid, r in _complete(m, "reward").items())
    }
    return HeroCards(MappingProxyType(heroes), MappingProxyType(quests), MappingProxyType(rewards))
