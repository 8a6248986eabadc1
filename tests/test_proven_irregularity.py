"""A topic is announced at once only when the story proves an irregularity it rules on; these
stories used to prove one that did not happen (dummy "acting" because the word dummy stood
near a remark, an explanation nobody gave), so the wrong topic was announced.

None of these wordings is in the labelled examples: they check that the reading generalises.
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat

DUMMY = "This is about: Dummy's rights"
RETRACT = "This is about: Taking back a played card"
LATE_CALL = "This is about: Call after the auction has ended"


def test_a_leader_who_speaks_once_dummy_is_down_is_not_dummy_speaking(chat: Chat) -> None:
    """'dummy came down, she said ...': dummy is what came down; the leader spoke, wanting
    her card back (Law 47), which is what the bot announces."""
    turns = chat.say(
        "rho made the opening lead, the 3 of clubs, and as soon as dummy came down she said "
        "'sorry, I wanted to lead the queen'. can she swap?"
    )
    assert turns[0].text.startswith(RETRACT)


def test_a_comma_before_dummy_does_not_make_the_leader_dummy(chat: Chat) -> None:
    """'opening lead by rho, dummy went down': a new clause about dummy, not 'rho, the dummy';
    the leader's own remark proves nothing about dummy, so no dummy topic is announced: the
    opening lead is read as rho's, and his wish to change it is the taking back (Law 47)."""
    turns = chat.say(
        "opening lead by rho, dummy went down, then rho said 'oops, i meant the jack' and "
        "wants to change it"
    )
    assert turns[0].text.startswith(RETRACT)
    assert turns[0].topic == "retracting_played_card"


def test_said_it_was_wrong_of_a_card_is_no_explanation_of_a_call(
    chat: Chat, dialogue: Dialogue
) -> None:
    """With no call in the story, 'he said it was a mistake' judges his own lead: neither
    misinformation nor dummy speaking is proven, and neither is announced."""
    text = (
        "my lho led the 4 of hearts, and once dummy was down he said it was wrong and wants "
        "to lead the ace instead"
    )
    assert dialogue.describe(text).proven == ()
    turns = chat.say(text)
    assert not turns[0].text.startswith(DUMMY)
    assert not turns[0].text.startswith("This is about: Misinformation")


def test_a_call_by_the_player_who_will_be_dummy_after_the_final_pass_is_a_late_call(
    chat: Chat,
) -> None:
    """Before the play he is not dummy yet: his call after three passes is ruled under the
    call-after-the-auction Law (39), not as dummy taking part (43)."""
    turns = chat.say(
        "we bid to 4H, three passes, and then my partner, who was going to be dummy, said "
        "'five diamonds' before lho had led"
    )
    assert turns[0].text.startswith(LATE_CALL)
    took = next(t.text for t in turns if t.text.startswith("I took from your description"))
    assert "declarer or dummy called after the final pass" in took
    assert "5♦" in took


def test_a_count_disputed_with_every_card_still_in_its_row_is_a_score_question(
    chat: Chat,
) -> None:
    """The rows of played cards are how the director finds the count, not the rule he rules
    under: the sides' disagreement is ruled by Law 79B (docs/labelling.md, 2)."""
    turns = chat.say(
        "4S by N, played to trick 13 and the played cards are still in rows in front of all "
        "four of us. EW reckon they took 5 tricks and we say they only got 4. director called"
    )
    assert turns[0].text.startswith("This is about: Tricks won and score corrections")


def test_a_count_disputed_after_a_player_mixed_his_cards_is_the_mixed_cards_case(
    chat: Chat,
) -> None:
    """A player gathered his played cards before the count was agreed: Law 65D decides, and
    that is what the bot says it took (not a count checked from cards still in rows)."""
    turns = chat.say(
        "the hand was over and my lho gathered up all his played cards and mixed them into his "
        "hand before anyone agreed the count. now they say they made 9 and we say 8"
    )
    assert turns[0].text.startswith("This is about: Played cards - arranging")
    took = next(t.text for t in turns if t.text.startswith("I took from your description"))
    assert "mixed up his played cards before the trick count was agreed" in took


def test_a_card_gathered_up_and_played_again_later_is_a_defective_trick(chat: Chat) -> None:
    """Picked back up with his cards and played at a later trick: no card was taken back to
    be changed (47), the card sits in two tricks (67B3)."""
    turns = chat.say(
        "my lho followed with the 9 of clubs at trick 4, then picked it back up with his cards "
        "when the trick was turned, and played it again at trick 9. we only spotted it when the "
        "hand was over"
    )
    assert turns[0].text.startswith("This is about: Defective trick")
    took = next(t.text for t in turns if t.text.startswith("I took from your description"))
    assert "did not end up among the player's quitted cards" in took


def test_a_question_answered_wrongly_is_misinformation_not_the_askers_remark(
    chat: Chat, dialogue: Dialogue
) -> None:
    """N asked, W answered, and the answer turned out not to be their agreement: the answer
    is the matter (Law 20-21, 75), not what N's question told his partner. A question whose
    answer nobody disputes, followed by the asker's partner's lead, stays a matter of
    unauthorised information."""
    turns = chat.say(
        "N asked W what E's 2D opening meant and W answered 'weak, six diamonds'. N passed and "
        "S passed too. later it turned out EW play it as a multi"
    )
    assert turns[0].text.startswith("This is about: Wrong explanation or missing alert")
    undisputed = (
        "my lho asked me what pd's 3C meant, i told her 'natural', and then her partner led a "
        "club from Qx. it looked like her question told him what to lead"
    )
    fresh = Chat(dialogue)
    assert fresh.say(undisputed)[0].text.startswith("This is about: Unauthorised information")


def test_a_call_spoken_in_words_is_a_call_not_a_remark(chat: Chat) -> None:
    """'I said 'two clubs'' is the call itself, spoken: what follows is the Law 25 question
    (a slip of the tongue, partner has called since), not information from a remark."""
    turns = chat.say(
        "RHO opened 1D and I said 'two clubs' when I meant two diamonds, a slip of the tongue. "
        "LHO passed and my partner raised before I could put it right. can I still fix it?"
    )
    assert turns[0].text.startswith("This is about: Changing a call just made")
    took = next(t.text for t in turns if t.text.startswith("I took from your description"))
    assert "the call: 2♣" in took and "the call meant or wanted instead: 2♦" in took


def test_asking_whether_a_call_may_still_be_made_is_no_call_after_the_auction(
    chat: Chat,
) -> None:
    """Nobody called after the three passes; the question is whether the auction is over
    (Law 22), so that is announced, not a call after the final pass (Law 39)."""
    turns = chat.say(
        "rho opened 1S and then three passes followed, and now my partner asks whether she can "
        "still double. is it too late?"
    )
    assert turns[0].text.startswith("This is about: End of the auction")


def test_three_passes_that_took_a_players_turn_away_are_a_missed_turn(chat: Chat) -> None:
    """'He never had his say': the three passes did not come in rotation, so the auction is
    not over (Law 34) - announced as the missed turn, not as a normal end of the auction."""
    turns = chat.say(
        "the bidding was 2S and then three passes, but the second pass was by the player after "
        "the one whose turn it was, so he never had his say. the opps are already getting ready "
        "to lead. is the auction over?"
    )
    assert turns[0].text.startswith("This is about: Auction ended but a player missed his turn")
    ruling = next(t for t in turns if t.type == "ruling")
    assert "The auction has not ended" in ruling.text


def test_the_table_a_story_opens_with_is_where_it_happened_not_another_table(
    chat: Chat,
) -> None:
    """'At table 5 declarer said ...' sets the scene: nothing was overheard from another table,
    so the claim is announced; someone at another table saying a result still is overheard."""
    turns = chat.say(
        "At table 5 declarer said 'the rest are mine' with four cards left and the defenders "
        "said they still had a trump trick. what happens now?"
    )
    assert turns[0].text.startswith("This is about: Claims and concessions")
    overheard = Chat(chat.dialogue).say(
        "before we bid board 9 someone at table 3 said loudly that 6H makes on it. we haven't "
        "started the auction yet"
    )
    assert overheard[0].text.startswith("This is about: Information from other sources")


def test_a_card_faced_by_the_wrong_defender_after_the_auction_is_his_opening_lead(
    chat: Chat,
) -> None:
    """'declarer in three no trumps' names the contract (no call after the auction), and the
    card partner put face up is an opening lead out of turn (Law 54), not a separate exposed
    card: one irregularity, the lead, is announced."""
    turns = chat.say(
        "the bidding ended with my rho as declarer in three no trumps, and straight away my "
        "partner put the jack of clubs face up on the table, though the opening lead was mine. "
        "what can declarer do?"
    )
    assert turns[0].text.startswith("This is about: Lead out of turn")
    assert not any("more than one irregularity" in t.text for t in turns)


def test_partners_remark_on_his_own_call_with_a_change_asked_is_no_information_ruling(
    chat: Chat,
) -> None:
    """Partner's words right after his own call, and the question whether he may change it:
    that is the Law 25 question, so the bot does not announce unauthorised information, and
    offers the change of call first."""
    turns = chat.say(
        "pd bid 4S then muttered 'oops, i thought you had shown hearts'. rho has passed since. "
        "can he change it to 4H?"
    )
    assert not turns[0].text.startswith("This is about:")
    assert turns[0].choices[0].id == "unintended_call"


def test_a_bit_of_a_fidget_is_no_break_in_tempo(chat: Chat) -> None:
    """'a bit of' is English, not BIT: the card partner let fall face up in the auction is
    announced (Law 24), not a hesitation."""
    turns = chat.say(
        "during the auction my partner, who is a bit of a fidget, knocked the queen of hearts "
        "out of his hand and it fell face up where I could see it. what happens now?"
    )
    assert turns[0].text.startswith("This is about: Card exposed or led during the auction")


def test_a_player_skipped_in_the_bidding_is_no_defective_trick(chat: Chat) -> None:
    """No trick, no card, no play: a player skipped in the auction cannot have missed a
    trick, so the defective-trick Law is neither announced nor offered: the missed turn in
    the auction is (Law 34), proven by the pass and the two after it."""
    turns = chat.say(
        "the bidding went 1H, pass, and then the responder was skipped because the next player "
        "passed too soon, and then two more passes followed. can the responder still bid?"
    )
    assert turns[0].topic == "missed_turn", turns[0].text
    assert all(c.id != "defective_trick" for t in turns for c in t.choices)


def test_bidding_cards_put_down_together_are_calls_not_plays(chat: Chat) -> None:
    """Only calls in the story, no trick, no lead: two cards put down at the same moment are
    two calls (Law 33), never 'cards played simultaneously' (Law 58)."""
    turns = chat.say(
        "lho opened 1D, partner passed, and then rho and I both put a card down at exactly the "
        "same time, his a pass and mine 1S. which one counts?"
    )
    assert turns[0].text.startswith("This is about: Two players called at the same time")
    assert not any("cards were played simultaneously" in t.text for t in turns)


def test_a_pass_spoken_of_is_not_a_fourth_pass(chat: Chat) -> None:
    """'W's pass was natural' speaks of the pass already told: three passes, one out of
    turn, did not pass the board out, so no end of the auction is announced: the call out of
    turn is, or (where the examples read it as a missed turn) it is offered with it."""
    turns = chat.say(
        "Dealer N. N passed, E passed, then W passed although it was S's turn and S hadn't "
        "called. W's pass was natural. what are our options?"
    )
    offered = [c.id for c in turns[0].choices]
    assert turns[0].text.startswith("This is about: Call out of turn") or (
        not turns[0].text.startswith("This is about") and "call_out_of_rotation" in offered
    )
    assert not any("all four players passed" in t.text for t in turns)


def test_partner_holding_his_cards_low_in_the_auction_is_not_extraneous_information(
    chat: Chat,
) -> None:
    """Partner's own doing let the speaker see his cards during the auction: that is Law 24's
    matter (docs/labelling.md), so the bot no longer announces information from outside: it
    announces the exposed-card topic."""
    turns = chat.say(
        "in the middle of the auction my partner was holding his cards so low that I could see "
        "most of his diamonds. what now?"
    )
    assert turns[0].topic == "card_exposed_during_auction"
    assert turns[0].text.startswith("This is about: Card exposed or led during the auction")


def test_a_missing_alert_an_opponent_acted_on_is_not_partners_information_first(
    chat: Chat,
) -> None:
    """Partner failed to alert, then an opponent called on the wrong picture: the opponents
    were misinformed (Law 21B), so misinformation comes first, not the information-from-
    partner topic. The examples file most missing alerts under information from partner, so
    it is offered first rather than announced."""
    turns = chat.say(
        "my partner failed to alert my 2D, which is a transfer for us, and rho then doubled "
        "thinking I had diamonds. we're still bidding"
    )
    first = turns[0].topic or turns[0].choices[0].id
    assert first == "misinformation"


def test_two_cards_of_one_hand_found_after_play_moved_on_are_a_defective_trick(
    chat: Chat,
) -> None:
    """Found only after both sides played on, 58B4 hands the two cards to the defective
    trick (67B2), which is announced with both facts taken (docs/labelling.md, 4)."""
    turns = chat.say(
        "my lho played two cards to trick 3 by accident, a club stuck to the one he meant, and "
        "none of us realised until trick 6 when he was a card short"
    )
    assert turns[0].text.startswith("This is about: Defective trick")
    took = next(t.text for t in turns if t.text.startswith("I took from your description"))
    assert "more than one card to the trick" in took
    assert "only after both sides had played to the next trick" in took


def test_two_cards_of_one_hand_found_before_the_next_trick_are_the_two_cards_law(
    chat: Chat,
) -> None:
    """Found in time, 67A2 hands them to 58B: the simultaneous play topic is announced."""
    turns = chat.say(
        "declarer played two cards to trick 2 at once, the king and the four of spades, both "
        "face up, and we saw it straight away before anyone led again"
    )
    assert turns[0].text.startswith("This is about: Premature or simultaneous play")


def test_a_card_said_to_be_held_is_announced_as_a_penalty_card_question(chat: Chat) -> None:
    """'I've still got the jack' names a card held, not one played (45C4(a) is about naming
    the card to play): the exposed-card Laws decide first (49 for a defender,
    docs/labelling.md 1)."""
    turns = chat.say(
        "halfway through the play my rho told declarer 'relax, i've still got the jack of "
        "trumps' but never showed it. is the jack a penalty card?"
    )
    assert turns[0].text.startswith("This is about: Penalty cards and exposed cards in play")


def test_a_dummy_card_misnamed_by_a_slip_with_rho_played_after_is_the_designation_law(
    chat: Chat,
) -> None:
    """The declarer's slip in naming dummy's card, and the card the next player put on it:
    45C4(b) rules both (docs/labelling.md), so 'When a card counts as played' is announced,
    not the general retraction Law, and the slip is taken from the story."""
    turns = chat.say(
        "I was declarer and called for the six of hearts from dummy though I meant the six of "
        "diamonds, a slip of the tongue, and RHO then played a heart on it. May RHO take his "
        "heart back?"
    )
    assert turns[0].text.startswith("This is about: When a card counts as played")
    assert not any("more than one irregularity" in t.text for t in turns)
    turns = chat.say("no")  # declarer has not played again since
    took = next(t.text for t in turns if t.text.startswith("I took from your description"))
    assert "slip of the tongue" in took
    ruling = next(t for t in turns if t.type == "ruling")
    assert "that opponent may take his card back" in " ".join(ruling.text.split())


def test_partner_holding_his_cards_low_is_proven_the_exposed_card_law(dialogue: Dialogue) -> None:
    """'pd held his cards so low I could see them' in the auction is proven as Law 24's matter
    (his own doing let his partner see), and an opponent's held-low cards stay information
    from the table (16D): which side held them decides, not the words' likeness."""
    ours = dialogue.describe("mid auction pd had his hand so low i could see his clubs. help")
    theirs = dialogue.describe("mid auction rho had his hand so low i could see his clubs. help")
    assert ours.proven == ("card_exposed_in_auction",)
    assert ours.facts["exposed_seen"] == "yes"
    assert theirs.proven == ("card_seen_at_table",)
