"""Auction and information stories read from their structure (session 13): a dealer who
protests after the calls went round from another player; a call pulled from the box by a
slip told in everyday words; a refused call out of rotation whose suit the offender's
partner then bid in a way the story doubts; the use of a withdrawn call or card asked in
the table's words. Each story is our own, worded unlike the dev stories it answers; each
asserts what the user sees (the topic announced or offered, the question asked or not, the
ruling's citations).
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

ABOUT = "This is about: "
TURN_TO_COME = ABOUT + "A player says his turn was skipped"
OUT_OF_TURN = ABOUT + "Call out of turn"
CHANGED = ABOUT + "Changing a call just made"
WITHDRAWN = ABOUT + "Information from a withdrawn call"


def _starts(chat: Chat, text: str, topic: str) -> list[str]:
    """The replies' texts, after checking the topic was announced or offered first."""
    seen = chat.say(text)
    offered = chat.conversation.offered
    assert chat.conversation.topic == topic or offered[:1] == [topic], (
        seen[0].text,
        offered,
    )
    return [t.text for t in seen]


def test_a_dealer_who_protests_after_the_next_player_called_over_the_first_call(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Dealer W; N made the first call, E called over it, S bid, and only then W says the deal
    was his: E's call accepted N's (Law 29A), nothing is rewound, and the turn comes round to
    W in rotation (17C). Announced at once, nothing asked (who dealt is told)."""
    text = (
        "board 6, dealer W. N opened 1D, E passed, S bid 1S, and now W pipes up 'excuse me, "
        "it was my deal'. he hasn't called yet. do we start again?"
    )
    assert dialogue.describe(text).proven[:1] == ("turn_to_come",)
    seen = walk(chat, text)
    assert seen[0].text.startswith(TURN_TO_COME), seen[0].text
    assert not any(t.type == "question" for t in seen)
    assert {"29A", "17C"} <= set(ruling_of(seen).citations)


def test_a_dealer_protest_once_the_auction_is_over_is_still_his_turn_that_came(
    chat: Chat, dialogue: Dialogue
) -> None:
    """The calls from the dealer's LHO went all the way round to three passes, then the dealer
    says he never got to open: the first call was accepted by the next (Law 29A), so the
    protest, not the end of the auction, is the matter ruled first."""
    text = (
        "dealer N. E p, S 1S, W p, N 2S, E p, S p, W p. then N says 'wait, I'm the dealer, "
        "I never got to open'. redo it?"
    )
    assert dialogue.describe(text).proven[:1] == ("turn_to_come",)
    seen = walk(chat, text)
    assert any(t.text.startswith(TURN_TO_COME) for t in seen)
    assert {"29A", "17C"} <= set(ruling_of(seen).citations)


def test_a_dealer_who_protests_before_anyone_called_over_the_call_is_out_of_turn(
    chat: Chat, dialogue: Dialogue
) -> None:
    """The dealer protests right after the first call, nobody having called over it: nothing
    accepted it, so it is a call out of rotation (Laws 29B, 31), never a turn still to come."""
    text = "dlr S. W opened 1H and S said 'hang on, I'm dealer'. nobody else has called yet."
    assert "turn_to_come" not in dialogue.describe(text).proven
    first = chat.say(text)[0].text
    assert first.startswith(OUT_OF_TURN), first


def test_a_speaker_who_only_thought_he_dealt_is_not_a_dealer_protest(dialogue: Dialogue) -> None:
    """'I thought I was dealer': the story does not say he dealt, so no first call is read as
    made before the dealer's and accepted."""
    text = (
        "dealer E. E passed, S opened 1H, W passed, and N says 'oh, i thought i was dealer'. "
        "who is right?"
    )
    assert dialogue.describe(text).facts.get("first_caller_dealt") != "earlier_player"


def test_a_bid_card_pulled_by_accident_is_the_change_of_call(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'accidentally got 3D out' with 3H wanted and his partner not yet called: a slip of the
    hand (Law 25A), announced at once and ruled with 25A."""
    text = (
        "my rho accidentally pulled 3D when he wanted 3H, said so straight away, his pd hasnt "
        "called. can he fix it?"
    )
    assert dialogue.describe(text).proven[:1] == ("changed_call",)
    seen = walk(chat, text, "mechanical")
    assert seen[0].text.startswith(CHANGED), seen[0].text
    assert "25A1" in ruling_of(seen).citations


def test_a_pass_card_pulled_by_mistake_without_the_article(dialogue: Dialogue) -> None:
    """'pulled pass card by mistake' (no 'the'): still the caller's own slip (Law 25A)."""
    text = "lho pulled pass card by mistake over my 1S, meant to double. rho hasnt called"
    assert "changed_call" in dialogue.describe(text).proven


def test_two_cards_out_of_one_box_stuck_together_are_one_players_call(
    chat: Chat, dialogue: Dialogue
) -> None:
    """Two bidding cards out of one player's box stuck together, one of them meant: which
    call he made is Law 25A, not two players calling at once (Law 33)."""
    text = (
        "pd's 2S and 2NT came out of his box stuck together, the 2S showing, and he said he "
        "wanted 2NT. opps say 2S it is."
    )
    assert dialogue.describe(text).proven[:1] == ("changed_call",)
    _starts(chat, text, "unintended_call")


def test_the_offenders_partner_bidding_the_refused_calls_suit_is_the_withdrawn_information(
    chat: Chat, dialogue: Dialogue
) -> None:
    """S's 2H out of rotation refused, then N (S's partner) bids hearts and the story doubts
    it ('as though she knew'): what the withdrawn call showed is unauthorised to the
    offenders (Law 16C2) - the question, asked of the offending side, not the call out of
    rotation announced at once."""
    text = (
        "S opened 2H out of turn, W didnt accept it. W opened 1S, then N bid 3H on a weak hand "
        "with four small hearts, as though she knew. we want the TD to look at it"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("information_from_withdrawn_action",)
    assert description.facts.get("withdrawn_side") == "offending"
    texts = _starts(chat, text, "withdrawn_call_information")
    assert not texts[0].startswith(OUT_OF_TURN), texts[0]


def test_a_partner_bidding_another_suit_after_the_refused_call_proves_nothing(
    dialogue: Dialogue,
) -> None:
    """The partner's later bid is in another suit than the refused call: nothing ties it to
    what the withdrawn call showed, so no information question is proven from the seats."""
    text = "S opened 2H out of turn, W didnt accept it. W opened 1S, then N bid 3C, a thin bid. TD?"
    assert "information_from_withdrawn_action" not in dialogue.describe(text).proven


def test_whose_it_is_to_use_a_card_taken_back_is_the_withdrawn_information(
    chat: Chat, dialogue: Dialogue
) -> None:
    """A card replaced after a wrong explanation, and the story asks about a player's use of
    what it showed: the information from a withdrawn action (Law 16C), not the retraction."""
    text = (
        "misinformed, lho was allowed by the director to replace the S2 he had played with "
        "the SK. declarer then dropped my SQ. is that card his to use, or ours?"
    )
    assert dialogue.describe(text).proven[:1] == ("information_from_withdrawn_action",)
    _starts(chat, text, "withdrawn_call_information")


def test_a_dealer_who_gives_his_seat_in_brackets_then_protests(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'I was dealer on board 4 (north)': the teller's seat and the deal are his; the calls
    then went round from East and the teller called in rotation before saying he should have
    gone first - the first call was accepted (Law 29A), announced and ruled without a
    question."""
    text = (
        "i was dealer on board 4 (north) but while i was sorting my hand east opened 1S. "
        "south passed, west bid 2S, and i bid 3H. then i said hold on, i should have gone "
        "first. can we go back?"
    )
    assert dialogue.describe(text).story.speaker is not None
    seen = walk(chat, text)
    assert seen[0].text.startswith(TURN_TO_COME), seen[0].text
    assert not any(t.type == "question" for t in seen)
    assert "29A" in ruling_of(seen).citations


def test_the_dealer_at_our_table_names_the_dealer(dialogue: Dialogue) -> None:
    """'the dealer at our table was south' names South as dealer, so his later 'wait, I'm
    dealer', after East's call was called over, is the accepted first call (Law 29A)."""
    text = (
        "the dealer at our table was south, but east opened 1c, south passed, west bid 1h, "
        "north passed, and south then said 'wait, I'm dealer'. does it matter?"
    )
    description = dialogue.describe(text)
    assert description.story.dealer is not None and description.story.dealer.value == "S"
    assert description.proven[:1] == ("turn_to_come",)


def test_a_player_quoted_saying_he_was_gone_past_is_the_one_who_speaks(
    chat: Chat, dialogue: Dialogue
) -> None:
    """ "N says 'you went past me'": the 'me' is N's, and N is the next to call after the
    calls told in rotation - his turn is to come (Law 17C), the topic offered first."""
    text = "N 1C, E 1H, S 1S, W 2H, then N says 'hey, you went past me'. ruling?"
    assert dialogue.describe(text).proven[:1] == ("turn_to_come",)
    _starts(chat, text, "turn_to_come")


def test_a_partner_relying_on_the_withdrawn_bid_is_the_withdrawn_information(
    dialogue: Dialogue,
) -> None:
    """'relying on the withdrawn 1S': a later call drawn from a call taken back (Law 16C)."""
    text = (
        "over our 1NT rho put 1S, changed it to 2S when we refused it. lho then bid 4S on "
        "three small, relying on the withdrawn 1S. is that ok?"
    )
    assert dialogue.describe(text).proven[:1] == ("information_from_withdrawn_action",)


def test_a_player_who_says_he_never_got_a_turn_while_his_pass_card_is_there(
    chat: Chat, dialogue: Dialogue
) -> None:
    """E says he never got a turn, but the calls went round one after another and his own
    pass card lies on the table: nobody called at his turn (Law 17C), offered first - not a
    missed turn ruled back (Law 34)."""
    text = (
        "E p, S 1D, W p, N 1S. then E says he never got a turn, but his pass card is right "
        "there on the table. who's right?"
    )
    assert dialogue.describe(text).proven[:1] == ("turn_to_come",)
    _starts(chat, text, "turn_to_come")


def test_a_typed_run_of_calls_and_a_player_who_forgot_he_passed(dialogue: Dialogue) -> None:
    """A run of calls typed without seats is one call after another; LHO says he never got to
    bid but 'forgot he'd passed': his turn was not missed (Law 17C), whatever else follows."""
    text = (
        "1c p 1s p 2s p p p. lho claims he never got to bid over 2s, but he forgot he'd "
        "passed. does he get another go?"
    )
    description = dialogue.describe(text)
    assert description.proven[:1] == ("turn_to_come",)
    assert "turn_missed" not in description.proven


def test_a_pass_out_of_turn_that_ended_the_auction_is_still_the_missed_turn(
    chat: Chat, dialogue: Dialogue
) -> None:
    """S passed before E had called, and the auction ended: the calls did not go round in
    rotation, so a pass card named on the table is the offender's, and E's turn was missed
    (Laws 34, 17D3) - announced at once as before."""
    text = (
        "dlr N. N 1H, then S passed before E had called, W passed, N passed. E never got a "
        "turn, though S's pass card is on the table."
    )
    assert "turn_to_come" not in dialogue.describe(text).proven
    seen = walk(chat, text)
    assert seen[0].text.startswith(ABOUT + "Auction ended but a player missed his turn")
    assert "34" in ruling_of(seen).citations


def test_a_lead_in_the_cancelled_calls_suit_doubted_is_no_lead_restriction(
    chat: Chat, dialogue: Dialogue
) -> None:
    """W's 2D out of rotation cancelled, then E (his partner) leads a diamond 'with nothing in
    her hand' to suggest it and an adjustment is asked: what the cancelled call told is the
    question (Law 16C), not declarer's right to bar a lead (Law 26), which nobody used."""
    text = (
        "W bid 2D out of turn, got cancelled. later E led a diamond against our 4S with "
        "nothing in her hand to say so. we'd like an adjustment"
    )
    assert "lead_after_withdrawn_call" not in dialogue.describe(text).proven
    first = chat.say(text)[0].text
    assert not first.startswith(ABOUT + "Lead restrictions"), first


def test_a_lead_barred_after_the_cancelled_call_stays_the_lead_restriction(
    dialogue: Dialogue,
) -> None:
    """The same withdrawal, then declarer barred a suit: the lead restriction (Law 26)."""
    text = (
        "W bid 2D out of turn, got cancelled. declarer then forbade E a diamond lead and asked "
        "for an adjustment when E led one anyway"
    )
    assert dialogue.describe(text).proven[:1] == ("lead_after_withdrawn_call",)
