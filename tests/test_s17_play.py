"""Play stories read by their structure (session 17): the everyday words for a card added to
a trick ('put a card on it', 'dropped the 3 on it', 'went up with the king') are a card
played by the player named, never a card let fall; a trick won told after the cards played
to a lead is that lead's trick, not a sign of whose lead it was; a director's shorthand for
whose lead it was ('1NT by S, W on lead') names the leader, and with nothing played before
it, places the opening lead. Each story is our own, told more than one way.
"""

from __future__ import annotations

import pytest

from bot.core.calls import Seat
from bot.dialogue.engine import Dialogue

from conftest import Chat

ABOUT = "This is about: "
LEAD = ABOUT + "Lead out of turn"
PENALTY = ABOUT + "Penalty cards and exposed cards in play"
REVOKE = ABOUT + "Revoke"


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


@pytest.mark.parametrize(
    ("text", "actor"),
    [
        ("4S by S. W led the H5, dummy played low and E put a card on it.", Seat.EAST),
        ("4S by S. W led the H5, N low, and E dropped the H3 on it.", Seat.EAST),
        ("4S by S. W led the H5, dummy ducked and East went up with the king.", Seat.EAST),
        ("4S by S. W led the H5 and North rose with the ace.", Seat.NORTH),
        ("4S by S. W led the H5, dummy played low and E contributed the 4.", Seat.EAST),
        ("4S by S. S led the HQ from hand and W covered with the king.", Seat.WEST),
        ("4S by S. Declarer led the jack and West rose with the king.", Seat.WEST),
        ("4S by S. W led the H5, N played the 2 and East followed with the 3.", Seat.EAST),
        ("4S by S. W led the H5, N played the 2 and East played low to it.", Seat.EAST),
    ],
)
def test_a_card_added_to_a_trick_is_played_by_the_player_named(
    dialogue: Dialogue, text: str, actor: Seat
) -> None:
    """Each everyday way of playing to a trick is one card played, by its actor."""
    description = dialogue.describe(text)
    played = [e for e in description.events if e.act == "play" and e.actor is actor]
    assert played, description.events
    assert not any(e.act == "expose" for e in description.events)


@pytest.mark.parametrize(
    "text",
    [
        "4S by S. At trick 3 W led the CQ, dummy played low and E dropped the C3 on it, then S "
        "ruffed though he still had a club",
        "4S by S. T3: W led the CQ, N low, E dropped a small club on the trick, S ruffed, but S "
        "had the C4 all along",
        "we're defending 4S. T3: partner led the CQ, dummy low, I dropped the C3 on it, "
        "declarer ruffed with a club still in his hand",
    ],
)
def test_a_card_dropped_on_the_trick_is_no_penalty_card(chat: Chat, text: str) -> None:
    """'Dropped the 3 on it' is E's card to the trick: the story is declarer's revoke, and no
    penalty card is ruled for E's card."""
    said = _said(chat, text)
    assert said.startswith(REVOKE), said
    assert PENALTY not in said


@pytest.mark.parametrize(
    "text",
    [
        "rho dropped the C3 on the floor face up during trick 3",
        "At trick 5 LHO dropped the ♦Q face up on the table while sorting his cards",
    ],
)
def test_a_card_let_fall_is_still_a_card_exposed(chat: Chat, text: str) -> None:
    """Dropped on the floor or the table, not on the trick: a card exposed, as before."""
    assert _said(chat, text).startswith(PENALTY)


@pytest.mark.parametrize(
    "text",
    [
        "LHO led a heart, I followed with the 2, partner won with the ace",
        "lho led the h3, i played the king, pd won it with the ace. Then pd led a spade.",
        "West led a club, North ducked, East won with the king and switched to a diamond.",
    ],
)
def test_a_trick_won_after_the_cards_played_to_a_lead_is_no_lead_out_of_turn(
    dialogue: Dialogue, text: str
) -> None:
    """The win told after the cards played to the lead is that trick's: it says nothing of
    whose lead it was, so no lead out of turn is proven."""
    kinds = [i.kind for i in dialogue.describe(text).irregularities]
    assert "lead_out_of_turn" not in kinds


@pytest.mark.parametrize(
    "text",
    [
        "lho led the h3, i played the king and pd won with the ace and then lho led again",
        "At trick 7 rho led a spade, i followed, pd won it with the king, then rho led the next "
        "trick too",
        "W led a club, N played low, E won with the ace. Then W led a diamond at once.",
    ],
)
def test_the_lead_after_the_trick_won_is_the_one_read(chat: Chat, text: str) -> None:
    """The first lead's trick is played and won; the lead after it by the winner's opponent
    is the one out of turn."""
    assert _said(chat, text).startswith(LEAD)


@pytest.mark.parametrize(
    "text",
    [
        "3H by South, West to lead. East led the king of clubs instead.",
        "3H by S, W on lead. E faced the CK.",
        "contract 3♥ by South with West on lead, but East led the ♣K",
    ],
)
def test_a_defender_named_on_lead_places_the_opening_lead(chat: Chat, text: str) -> None:
    """'W on lead' with the contract and nothing played before: East's card is the opening
    lead by the wrong defender (Law 54), so neither which lead nor who led is asked."""
    said = _said(chat, text)
    assert said.startswith(LEAD), said
    assert "Which lead was it?" not in said
    assert "Who led" not in said


@pytest.mark.parametrize(
    "text",
    [
        "1NT by N, W on lead. E leads the S5 face up. S says 'you can't do that'. W hasn't led. "
        "what are S's options",
        "1NT by N, West on lead, but East faced the ♠5. South objected at once. What can South do?",
    ],
)
def test_a_leader_named_against_the_contract_starts_the_lead_and_asks_what_happened(
    chat: Chat, text: str
) -> None:
    """'1NT by N' puts the opening lead with E, the story says W was on lead: which is wrong is
    asked (a lead out of turn or one in turn), the lead topic is started, not dummy's rights
    from seats in doubt."""
    said = _said(chat, text)
    assert said.startswith(LEAD), said
    assert "What happened?" in said


@pytest.mark.parametrize(
    "text",
    [
        "asked W to lead a spade and E led a heart",
        "4S by S. At trick 6 declarer asked W to lead a club.",
    ],
)
def test_asking_someone_to_lead_names_no_leader(dialogue: Dialogue, text: str) -> None:
    """'asked W to lead a spade' is a request, not the director's shorthand 'W to lead'."""
    description = dialogue.describe(text)
    assert description.facts.get("lead_trick_told") != "opening"
    assert "lead_out_of_turn" not in [i.kind for i in description.irregularities]


@pytest.mark.parametrize(
    "text",
    [
        "3NT by N. E says W led out of turn, W says it was his lead",
        "4S by S. West insists it was his lead; East says West led out of turn.",
        "3NT by S. W says E led first, E says W led first at trick 1.",
    ],
)
def test_a_lead_two_players_tell_differently_is_asked(chat: Chat, text: str) -> None:
    """One player's account against another's: whether the lead was out of turn is the
    director's to establish (Law 85), so it is asked, never filled from either account."""
    said = _said(chat, text)
    assert "Ruling" not in said
    assert "A card was led out of turn or from the wrong hand" not in said  # not taken as read
    if said.startswith(LEAD):
        assert "What happened?" in said


@pytest.mark.parametrize(
    "text",
    [
        "Declarer claims he called for the king, dummy insists he said queen.",
        "E claimed that he had played the jack, but S says it was the ten.",
        "W claims she followed suit, N says she discarded a club at trick 5.",
    ],
)
def test_claims_as_a_verb_of_saying_is_no_claim_of_tricks(dialogue: Dialogue, text: str) -> None:
    """'E claims he played the jack' is E's account of his card: no claim of tricks, and no
    claimer read."""
    description = dialogue.describe(text)
    assert not any(e.act == "claim" for e in description.events)
    assert "claim" not in [i.kind for i in description.irregularities]
    assert "claimer_role_told" not in description.facts


def test_a_claim_of_tricks_is_still_read(dialogue: Dialogue) -> None:
    """'Declarer claimed the rest' stays a claim, with the claimer."""
    description = dialogue.describe("4S by S. Declarer claimed the rest at trick 9, E has a trump.")
    assert "claim" in [i.kind for i in description.irregularities]


@pytest.mark.parametrize(
    "text",
    [
        "Bd 22, 4H by N. T8 complete, four cards on the table. E, who hadn't noticed W had "
        "already played, put the S6 on it as well. Spotted before anybody led to T9.",
        "4S by S. trick 5 was complete when West, thinking it was still his turn, played the HQ "
        "on it too. nobody has led to trick 6 yet",
        "3NT by W. all four had played to trick 3 and then N threw a small club onto the trick "
        "as well. noticed straight away",
    ],
)
def test_a_card_put_on_a_complete_trick_is_a_fifth_card(chat: Chat, text: str) -> None:
    """The trick told complete, then a card put 'on it as well': a fifth card, added by a
    defender (every player the sentence names is one), a penalty card (Law 45E1, 50)."""
    said = _said(chat, text)
    assert said.startswith(ABOUT + "When a card counts as played"), said
    assert "A defender added the fifth card" in said
    assert "45E1" in said


def test_a_card_played_on_it_in_an_ordinary_trick_is_no_fifth_card(dialogue: Dialogue) -> None:
    """'S played the K on it as well' with nobody saying the trick was full: an ordinary card."""
    description = dialogue.describe(
        "N led a club, E played the 3 on it, and S played the K on it as well"
    )
    assert "fifth_card" not in [i.kind for i in description.irregularities]


def test_the_player_before_a_relative_clause_is_the_actor(dialogue: Dialogue) -> None:
    """'E, who hadn't noticed W had played, put the S6 on it': E put the card, not W."""
    description = dialogue.describe(
        "4H by N. E, who hadn't noticed W had already played, put the S6 on it."
    )
    puts = [e for e in description.events if e.act == "play" and e.start > 30]
    assert puts and puts[-1].actor is Seat.EAST


@pytest.mark.parametrize(
    "text",
    [
        "rho fumbled and two cards, the ♣Q and the ♥5, landed face up next to him. it's not his "
        "turn. which ones does he have to play and when?",
        "LHO dropped two cards face up, the twos of clubs and hearts, when it wasn't her turn",
        "my partner's sevens both fell face up on the table in the middle of the play",
    ],
)
def test_a_plural_number_word_is_no_call(dialogue: Dialogue, text: str) -> None:
    """'which ones', 'the twos', 'sevens' are English, not 1S, 2S, 7S: no call is read, so
    cards falling face up are not ruled as exposed in an auction (Law 24)."""
    description = dialogue.describe(text)
    assert not description.story.timeline
    assert "card_exposed_in_auction" not in [i.kind for i in description.irregularities]


def test_two_cards_fallen_in_the_play_start_the_penalty_cards(chat: Chat) -> None:
    """The cards fell in the play ('which ones does he have to play'): penalty cards."""
    said = _said(
        chat,
        "rho fumbled and two cards, the ♣Q and the ♥5, landed face up next to him. it's not "
        "his turn. which ones does he have to play and when?",
    )
    assert said.startswith(PENALTY), said


@pytest.mark.parametrize(
    "text",
    [
        "S (decl) put the D4 on W's lead of the DA, before dummy had played. TD?",
        "declarer put the D4 on LHO's lead before dummy had played",
        "4S by S. Dummy hadn't played yet when declarer dropped a small diamond onto West's lead.",
    ],
)
def test_a_card_put_on_someones_lead_is_played(dialogue: Dialogue, text: str) -> None:
    """'put the D4 on W's lead' is declarer's card played to that lead, before dummy's turn:
    declarer played early, and nothing was exposed."""
    description = dialogue.describe(text)
    assert "played_before_turn" in [i.kind for i in description.irregularities]
    assert description.facts.get("premature_event") == "declarer_early"
    assert not any(e.act == "expose" for e in description.events)


@pytest.mark.parametrize(
    "text",
    [
        "Bd 20. Dummy (N), with declarer still thinking, pushed the ♥2 forward from dummy's "
        "hand. S then called the ♥Q. E/W ask which card counts.",
        "dummy, with pd still thinking, nudged the D5 out of dummy's hand. then declarer asked "
        "for the DA",
        "3NT by S. While declarer was still thinking, dummy pulled the ♠4 out of the dummy. "
        "Declarer then named the ♠A.",
    ],
)
def test_dummy_moving_a_card_while_declarer_thinks_is_unasked(chat: Chat, text: str) -> None:
    """Declarer still thinking: he had named nothing, so dummy moved the card on his own and
    it is not played (Law 45F)."""
    said = _said(chat, text)
    assert said.startswith(ABOUT + "When a card counts as played"), said
    assert "45F" in said


@pytest.mark.parametrize(
    "text",
    [
        "T2, 4S by S. S led ♣3 from hand, W ♣Q, dummy ♣A, E ♣5. S then says he meant to lead "
        "the ♠3 not the ♣3, two threes next to each other, and asks to do the trick again.",
        "4H by N. N led the ♦4 from hand, everyone followed; N said he wanted the ♥4, not the "
        "♦4, and asked to play the trick again",
        "at T5 i led the C8 meaning the S8; instead of the C8 i want the S8, can we replay the "
        "trick again?",
    ],
)
def test_the_card_not_meant_is_no_card_played_twice(dialogue: Dialogue, text: str) -> None:
    """'meant the ♠3, not the ♣3 ... do the trick again': the ♣3 named as the card not meant,
    not played at a second trick, so no defective trick (67B3)."""
    kinds = [i.kind for i in dialogue.describe(text).irregularities]
    assert "defective_trick" not in kinds


def test_a_card_played_at_two_tricks_is_still_misplaced(dialogue: Dialogue) -> None:
    description = dialogue.describe("W played the DQ at T2 and then the DQ again at T8")
    assert description.facts.get("defective_kind") == "misplaced"


@pytest.mark.parametrize(
    "text",
    [
        "t6 pd won with the king, and then i led the next card, a small club. lho played to it "
        "without anybody saying anything and then pd goes 'erm that was my lead'. too late?",
        "pd had won trick 6 but I led a heart to trick 7, and my LHO followed with the 4 before "
        "anyone noticed",
    ],
)
def test_the_next_hand_playing_to_a_defenders_lead_out_of_turn_accepts_it(
    chat: Chat, text: str
) -> None:
    """The next hand's card accepts the lead (53A): the lead is ruled, not premature play."""
    said = _said(chat, text)
    assert said.startswith(LEAD), said
