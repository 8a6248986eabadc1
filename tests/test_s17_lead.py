"""The lead's spot checks, session 17 (issue 14): incidents typed the way players type.

- "in 2h doubled N went 2 off vulnerable, whats the score": a contract and its result with the
  question asked in everyday words is a score question (Law 77), answered with the score, not
  a score-correction topic that asks what the question is about.
- "the TD said my opening lead was out of turn": 'my' names the teller as the one who led.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, walk


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("in 2h doubled N went 2 off vulnerable, whats the score", "−500 to N-S"),
        ("E-W vul, 4S doubled making 5 by N. score?", "+690 to N-S"),
        ("we bid 4s and made 11 tricks nv, what do we score", "+450"),
        ("3nt by E went 1 off, ns vul. what do they get?", "+50 to N-S"),
    ],
)
def test_a_score_question_in_everyday_words_is_answered_with_the_score(
    chat: Chat, text: str, score: str
) -> None:
    seen = walk(chat, text)
    assert score in seen[0].text, seen[0].text
    assert "This is about" not in seen[0].text


@pytest.mark.parametrize(
    "text",
    [
        "4S by S went 2 off, S revoked at T3",
        "we went 2 off in 4S but they say we made 9",
        "4s made 10 tricks but the score was entered as 420 instead of 620",
    ],
)
def test_an_incident_with_a_contract_and_result_is_still_an_incident(chat: Chat, text: str) -> None:
    seen = walk(chat, text)
    assert "to N-S" not in seen[0].text and "to declarer's side" not in seen[0].text


def test_my_opening_lead_is_the_tellers_lead(dialogue: Dialogue) -> None:
    for text in (
        "my opening lead was out of turn and declarer accepted it",
        "the director said my opening lead was out of turn and declarer accepted it",
    ):
        leads = [e for e in dialogue.describe(text).events if e.act == "lead"]
        assert [e.words for e in leads] == ["my"], text
        assert leads[0].actor is not None and leads[0].actor.value == "S"


def test_a_vulnerability_told_for_we_or_they_is_not_guessed_to_be_declarers(chat: Chat) -> None:
    """'3NT by E went 1 off, we were vul': 'we' may be the defenders, so the bot does not
    score it as declarer vulnerable (it would say 100 where 50 may be right)."""
    seen = walk(chat, "3nt by E went 1 off, we were vul. what do they get?")
    assert "to N-S" not in seen[0].text
    seen = walk(Chat(chat.dialogue), "/score 3nt by E went 1 off, we were vul")
    assert "whose vulnerability" in seen[0].text, seen[0].text
    seen = walk(Chat(chat.dialogue), "we bid 4s and made 11 tricks, we were nv. what do we get")
    assert "+450" in seen[0].text, seen[0].text


@pytest.mark.parametrize(
    "text",
    [
        'w passed, n passed, e passed and then s said "wait i havent bid yet", '
        "board was dealt by s",
        "dealer S. w passed, n passed, e passed and then s said 'hang on, i haven't called yet'",
        "N dealt. E opened 1S, S passed, W bid 2S and N said hey its my turn",
    ],
)
def test_the_dealer_protesting_at_once_after_calls_in_rotation_is_ruled_29a(
    chat: Chat, text: str
) -> None:
    """The dealer (named before or after the calls, 'the board was dealt by s') protests
    straight away ('wait i haven't bid yet'): the first call was made before his, and the next
    player's call over it accepted it (17C, 29A); nothing is asked."""
    seen = walk(chat, text)
    assert "turn was skipped" in seen[0].text, seen[0].text
    ruling = seen[-1].text
    assert "29A" in ruling and "first call was made before the dealer" in ruling


def test_the_next_player_not_having_called_yet_is_no_protest(dialogue: Dialogue) -> None:
    text = "lho opend 1nt, my partnr bid 1 spde by mistke (didnt see the 1nt), rho hasnt bid yet"
    assert dialogue.describe(text).proven[:1] == ("insufficient_bid",)


def test_a_suit_called_for_with_an_article_is_a_suit_without_a_rank(chat: Chat) -> None:
    """ "decl called for the 'heart' from dummy": the article outside the quote does not hide
    that declarer named a suit alone (46B2), so what he said is not asked."""
    seen = walk(
        chat, "decl called for the 'heart' from dummy without saying which one. dummy has KJ2"
    )
    assert "Unclear call of a card from dummy" in seen[0].text
    assert not any("What did declarer say" in t.text for t in seen)
    assert "46B2" in seen[-1].text


def test_a_sentence_naming_another_irregularity_still_starts_it(chat: Chat) -> None:
    chat.say("declarer claimed")
    replies = chat.say("no sorry, it was my lho who led out of turn at trick 3")
    assert "Lead out of turn" in " ".join(t.text for t in replies)


def test_a_sentence_that_fits_the_story_but_no_topic_alone_keeps_the_story(chat: Chat) -> None:
    """'he won the trick with a trump', typed at a revoke's question, is no topic on its own;
    read after 'pd revoked' it is the same revoke, so the question is asked again instead of
    a menu of other topics that drops the story."""
    chat.say("pd revoked")
    replies = chat.say("he won the trick with a trump")
    texts = " ".join(t.text for t in replies)
    assert "When was attention first drawn to the revoke?" in texts, texts
    assert "which fits best" not in texts


def test_a_call_told_after_the_change_is_not_named_as_the_changed_one(chat: Chat) -> None:
    """'rho ... put it back and bid something else, lho then passed': LHO's pass came after
    the changed call, so the bot does not ask whether 'your LHO' meant his call."""
    replies = chat.say(
        "rho picked up the bidding card and then put it back and bid something else, "
        "lho then passed quickly"
    )
    texts = " ".join(t.text for t in replies)
    assert "your LHO made the call" not in texts, texts


@pytest.mark.parametrize(
    "text",
    [
        "Dlr E. E 1S, S 2H, W 2S, N 2S. TD called.",
        "lho 1nt, pd x, rho 2c (alerted), i pass, lho 2d, pd 2d?? he must have misread. "
        "rho hasnt called",
        "rho opened 2nt, i bid 3c, lho bid 3c also, not noticing my bid",
    ],
)
def test_the_same_bid_made_again_by_the_next_player_is_insufficient(chat: Chat, text: str) -> None:
    """A bid equal to the last, made by the next player in rotation, is an insufficient bid
    (27), not 'the first bid named again'; and an alert given ('rho 2c (alerted)') is no
    missing alert that misinformed the teller."""
    seen = chat.say(text)
    assert "This is about" in seen[0].text and "Insufficient bid" in seen[0].text, seen[0].text


def test_a_bid_named_again_is_still_no_second_bid(dialogue: Dialogue) -> None:
    text = "lho bid 2h and pd asked what 2h meant, then bid 3c"
    assert "insufficient_bid" not in dialogue.describe(text).proven


def test_the_tellers_partner_revoking_with_declarer_named_apart_defends(chat: Chat) -> None:
    """'pd revoked ... declarer made 8 tricks': declarer is a third player, so the teller's
    partner defends; who revoked is not asked."""
    seen = walk(
        chat,
        "pd revoked at trick 4 and we won trick 4 with it. found out at trick 11. "
        "declarer made 8 tricks in 3NT",
    )
    assert not any("Who revoked?" in t.text for t in seen)
    seen = walk(Chat(chat.dialogue), "pd revoked at trick 4, i was declarer")
    assert not any("Who revoked?" in t.text for t in seen)  # dummy's card: declarer's revoke


def test_the_words_after_a_quoted_claim_are_not_the_claim(chat: Chat) -> None:
    """ "faced my cards saying 'all mine', but lho still had a trump": the quote is what he
    said; the trump after it is the teller's, so a trump out and unmentioned is read (70C)."""
    seen = walk(
        chat,
        "i was declarer in 4s and faced my cards at trick 9 saying 'all mine', but lho still "
        "had a trump higher than mine. she showed it and objected. what happens",
    )
    assert not any("did an opponent still hold a trump" in t.text for t in seen)
    assert "70C" in seen[-1].text
