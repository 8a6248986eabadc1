"""Facts the story states about a lead, a withdrawn call or a card taken back are taken, not
asked (issue 14, point 4), read from what the structure of the story proves.

Each story is handed to its topic as if picked from the menu, the questions answered as a user
would. The first table: the fact must appear under "I took from your description", its
question must not be asked and the ruling must cite the Laws it turns on. The second:
wordings that look alike but leave the fact open, which must be asked."""

from __future__ import annotations

from test_play_facts import asked_test, taken_test
from told import tell

from bot.dialogue.engine import Dialogue

# (topic, story, answers, fact not asked, words shown as taken, citations)
TAKEN = [
    # the speaker's role said with 'now': the auction is over and his side declares (20F5b)
    (
        "misinformation",
        "pd alerted my 2d and explained it as a transfer. it wasn't - we play it natural. i'm "
        "now declarer in 3d. should i say something before the opening lead?",
        {},
        "stage",
        "the auction was over, with his side declaring",
        {"20F5(b)(ii)"},
    ),
    # the player found holding fourteen had called before (Law 13B), told as his own call
    (
        "wrong_number_of_cards",
        "i dealt and opened 1c. then i noticed i had 14 cards and pd 12.",
        {},
        "stage",
        "after a player with a wrong hand had called",
        {"13B"},
    ),
    (
        "wrong_number_of_cards",
        "lho opened 1s, pd passed, then lho counted and has 14 cards",
        {},
        "stage",
        "after a player with a wrong hand had called",
        {"13B"},
    ),
    # the trick of the lead, with a later trick of another irregularity told after 'then'
    (
        "lead_out_of_turn",
        "pd led out of turn at trick 1 and then declarer revoked at trick 5",
        {},
        "trick_number",
        "it was the opening lead",
        {"41A"},
    ),
    # a card put face down on the table: only the opening lead is made face down (41A)
    (
        "lead_out_of_turn",
        "4S by S. my partner put the ♦7 face down on the table but it was my lead",
        {},
        "trick_number",
        "it was the opening lead",
        {"41A"},
    ),
    # declarer faced his own hand as if he were dummy: only after an opening lead (54A)
    (
        "lead_out_of_turn",
        "the wrong defender led the ♥K and declarer just put his own cards down on the table"
        " as if he were dummy",
        {"faced": "faced"},
        "trick_number",
        "it was the opening lead",
        {"54A"},
    ),
    # dummy came down after the lead out of turn: dummy is spread after the opening lead (41D)
    (
        "lead_out_of_turn",
        "3NT by N. W led the ♠Q but it was E's lead. N said ok and dummy came down",
        {"faced": "faced"},
        "trick_number",
        "it was the opening lead",
        {"54B"},
    ),
    # the offender's partner, whose lead it was, led too: the defenders' two cards, no 53B
    # proper lead by an opponent (56, 50D)
    (
        "lead_out_of_turn",
        "west led to trick 7 although east had won trick 6, and then east, whose lead it really"
        " was, led his own card on top of it. what now?",
        {},
        "response",
        "it was the partner of the defender who led out of turn to lead, and he then led",
        {"56A", "50D2"},
    ),
    # 'it was my lead, so i led': the teller is the offender's partner
    (
        "lead_out_of_turn",
        "partner led out of turn at trick 4 and then i saw it was my lead so i just led a spade"
        " straight away before anyone said anything",
        {},
        "offender_role",
        "the player whose turn it was then made his own lead",
        {"56A"},
    ),
    # the call proven out of turn is RHO's, and 'his pd' is RHO's partner: the offenders
    (
        "withdrawn_call_information",
        "my rho opened 1NT out of turn and it got cancelled; when his turn came round he opened"
        " 1NT again. may his pd use what the first one showed?",
        {"replaced": "comparable"},
        "side",
        "the question is about the offending side",
        {"27D"},
    ),
    # the insufficient bid is RHO's (told by compass seats, RHO still the speaker's opponent),
    # not ours though 'our 1NT' is named first
    (
        "withdrawn_call_information",
        "we're N/S. RHO bid 1S over our 1NT, then changed it to 2S. can we use the fact he has"
        " spades when we defend?",
        {},
        "side",
        "the question is about the non-offending side",
        {"16C1"},
    ),
    # my own call out of turn, and 'can the opponents use': the other side asks
    (
        "withdrawn_call_information",
        "i bid 2C out of turn, the td cancelled it and i passed at my turn. can the opponents"
        " use what my 2C showed?",
        {},
        "side",
        "the question is about the non-offending side",
        {"16C1"},
    ),
    # the director's ruling sends the card back: a rectification requires it (47A)
    (
        "retracting_played_card",
        "the director made my LHO pick his card back up as part of his ruling at trick 6. is it"
        " a penalty card now?",
        {},
        "reason",
        "a rectification requires the card to be withdrawn",
        {"47A"},
    ),
    (
        "retracting_played_card",
        "after the td's ruling my partner had to take the ♣Q back into his hand. can he play it"
        " again later?",
        {},
        "reason",
        "a rectification requires the card to be withdrawn",
        {"47A"},
    ),
    # 'just to put us off' says on purpose; 'his partner had no idea' says partner could not
    # expect it: a psych, allowed (40C1)
    (
        "psych_or_undisclosed_agreement",
        "lho opened 1NT on 5 points just to put us off, and his partner had no idea - he bid 3NT"
        " and they went 4 down. is that allowed?",
        {},
        "partner_knew",
        "the deviation was deliberate (a psych); partner could expect it no more than the"
        " opponents could",
        {"40C1"},
    ),
    # 'every week': it has happened before in this partnership (40C1, 40B3)
    (
        "psych_or_undisclosed_agreement",
        "this pair opens 1H on nothing in third seat every week and his partner never raises."
        " can we get anything?",
        {"deliberate": "yes"},
        "partner_knew",
        "it had happened before in this partnership",
        {"40B3(a)"},
    ),
    # 'he forgot we play weak twos': a mistaken call, not a psych (75C)
    (
        "psych_or_undisclosed_agreement",
        "my partner opened 2H with 19 points - he forgot we play weak twos. the opps want a ruling",
        {},
        "deliberate",
        "the deviation was a mistake, not deliberate",
        {"75C"},
    ),
    # an opponent explained, so I called: a call made on misinformation (21B1)
    (
        "misinformation",
        "rho explained lho's 2D as natural, so i passed. now it turns out it was a transfer on"
        " their card. my partner hasn't called since. can i change my pass?",
        {},
        "situation",
        "a player made a call after a wrong explanation or missing alert from an opponent",
        {"21B1(a)"},
    ),
    # I led because declarer told me: a card played on misinformation (47E2)
    (
        "misinformation",
        "i led the ♣K because declarer told me dummy's 2C was natural. dummy comes down and it"
        " was stayman. can i change my lead?",
        {},
        "situation",
        "a player led or played a card after a wrong explanation from an opponent",
        {"47E2(a)"},
    ),
    # 'alerted my 2D': my call named, not one made since; 'what do i do': still to act (16B1)
    (
        "unauthorised_information",
        "my pd alerted my 2D, which is natural for us, so now i know he took it as a transfer."
        " what do i do?",
        {},
        "our_stage",
        "the player whose partner gave the information still has to act",
        {"16B1(a)"},
    ),
    # 'but he didn't': our side disputes the hesitation the opponents allege (16B2)
    (
        "unauthorised_information",
        "opps say my pd hesitated before passing 3S but he didn't. they've reserved their rights",
        {},
        "our_stage",
        "the opponents reserved their rights and our side disputes the facts",
        {"16B2"},
    ),
    # 'now it's my turn again': the call he made before the remark is not one made after it
    (
        "unauthorised_information",
        "pd said 'oh no' when i bid 3NT and now it's my turn again. i want to bid 4S",
        {},
        "our_stage",
        "the player whose partner gave the information still has to act",
        {"16B1(a)"},
    ),
    # 'made me bid 4H' and the opponents called the director: acted, and called (16B1, 12C1)
    (
        "unauthorised_information",
        "after the hand the opps called the td saying pd's slow pass made me bid 4H",
        {},
        "our_stage",
        "the partner has acted and the opponents have called the director",
        {"12C1(b)"},
    ),
    # told it was his lead, so he led: not a lead after an explanation of a call, but the
    # wrong word about the turn (47E1)
    (
        "misinformation",
        "rho told me it was my lead so i led the ♠4, but it was his partner's",
        {},
        "situation",
        "an opponent wrongly told the player he was on lead",
        {"47E1"},
    ),
    # partner's barred double, then my LHO's bid: in rotation my RHO, next after partner,
    # had called before him (37A)
    (
        "call_when_required_to_pass",
        "pd was barred for the rest of the auction but doubled 4S anyway, and then lho bid 5H."
        " does the double stand?",
        {},
        "lho_called",
        "your RHO called before the director ruled",
        {"37A"},
    ),
    # guard: 'doubled my 3S' names my call, made before the double, not one since; my partner
    # (his LHO) has not called (37B1)
    (
        "call_when_required_to_pass",
        "lho had been barred from the rest of the auction, but he doubled my 3S anyway. my pd"
        " hasn't called yet.",
        {},
        "lho_called",
        "your partner had not called before the ruling",
        {"37B1"},
    ),
    # the two callers named by seat and 'N was in turn': E sits on N's left (33)
    (
        "simultaneous_calls",
        "Bd 7. N and E called at the same moment, N was in turn. what happens to E's call?",
        {},
        "other_caller",
        "the player on his left (next in turn)",
        {"33"},
    ),
    # 'my partner, whose turn it was, and my rho': my RHO is on my partner's left
    (
        "simultaneous_calls",
        "my partner, whose turn it was, and my rho both called at the same moment. which counts?",
        {},
        "other_caller",
        "the player on his left (next in turn)",
        {"33"},
    ),
    # 'W, who was about to lead': the late caller is a defender (39C)
    (
        "call_after_final_pass",
        "1NT p 3NT p p p, then W, who was about to lead, said 'double'. N hasn't said anything"
        " since",
        {},
        "caller_side",
        "a defender called after the final pass",
        {"39C"},
    ),
    # 'the dummy-to-be said pass again': the declaring side's pass (39B)
    (
        "call_after_final_pass",
        "after 2H p p p the dummy-to-be said 'pass' again. does it matter?",
        {},
        "caller_side",
        "declarer or dummy called after the final pass",
        {"39B"},
    ),
    # 'nobody had bid': before any call at this table (16D2)
    (
        "extraneous_information",
        "i took the wrong hand out of the board and looked at my partner's cards before putting"
        " them back. nobody had bid.",
        {},
        "timing",
        "no call had yet been made on the board at this table",
        {"16D2(a)"},
    ),
    # 'halfway through our auction': after the first call (16D3)
    (
        "extraneous_information",
        "halfway through our auction the pair at the next table said loudly that 4S goes down on"
        " this board. it's our board too",
        {},
        "timing",
        "the first call had been made and play had not yet ended",
        {"16D3"},
    ),
    # 'we play board 9 next round': not yet started here
    (
        "extraneous_information",
        "the next table loudly said '4S goes down on board 9'. we play board 9 next round",
        {},
        "timing",
        "no call had yet been made on the board at this table",
        {"16D2(a)"},
    ),
]


test_a_fact_the_story_states_is_taken = taken_test(TAKEN)


# (topic, story, answers, fact that must still be asked)
ASKED = [
    # the player with fourteen had not called: whether the short hand had is not told
    (
        "wrong_number_of_cards",
        "pd opened 1h and i bid 2c, then lho found she had 14 cards",
        {},
        "stage",
    ),
    # 'the wrong defender' says whose lead it was not, never at which trick
    (
        "lead_out_of_turn",
        "the wrong defender led the ♥K. declarer hasn't said yet whether he accepts it",
        {},
        "trick_number",
    ),
    # dummy spread before the lead: the lead came after it, at some later trick
    (
        "lead_out_of_turn",
        "dummy came down, declarer won the first trick in hand, and W then led the ♠Q although"
        " it was declarer's lead",
        {},
        "trick_number",
    ),
    # declarer leading again from his other hand is no partner's lead: what the defenders
    # chose is asked
    (
        "lead_out_of_turn",
        "declarer won trick 6 in dummy, led a club from his hand, and then led the ♠2 from dummy"
        " in turn. what now?",
        {},
        "response",
    ),
    # the seats (W is N's right) and the words ('on N's left') disagree: asked
    (
        "simultaneous_calls",
        "it was N's call. N said 1NT and W said 'pass' at the same moment. W sits on N's left",
        {},
        "other_caller",
    ),
    # both sides' words in the sentence before the late call: asked
    (
        "call_after_final_pass",
        "after 4S p p p, declarer said his partner on lead should wait, and then E bid 5C",
        {},
        "caller_side",
    ),
    # nobody placed: which side asks is not told
    (
        "withdrawn_call_information",
        "a bid got cancelled at our table tonight. who can use the info from it?",
        {},
        "side",
    ),
    # the director refusing a retraction is no rectification requiring one
    (
        "retracting_played_card",
        "the director said declarer couldn't take his card back. was he right?",
        {},
        "reason",
    ),
    # the card asked about is the one played after the card the ruling sent back (47D)
    (
        "retracting_played_card",
        "the td ruled W's card had to be taken back, and I had played after him. can i take"
        " mine back too?",
        {},
        "reason",
    ),
    # he says he forgot, they say it was a psych: the story states both, so it is asked
    (
        "psych_or_undisclosed_agreement",
        "pd forgot we play weak twos and opened 2H with 19. opps say it's a psych",
        {},
        "deliberate",
    ),
    # 'she said ... so i passed': who 'she' is (partner or opponent) is not told
    (
        "misinformation",
        "she said 2D was natural so i passed. it was a transfer. what now?",
        {},
        "situation",
    ),
    # the director called, but whether the teller has acted since is not told
    (
        "unauthorised_information",
        "pd hesitated and then the opps called the td. what happens now?",
        {},
        "our_stage",
    ),
    # 'before we played it' may be before the play, after the auction: asked
    (
        "extraneous_information",
        "I overheard the result of board 4 at the next table before we played it",
        {},
        "timing",
    ),
]


test_a_fact_the_story_leaves_open_is_asked = asked_test(ASKED)


def test_the_lady_on_my_left_is_my_lho_and_a_pass_is_never_the_bid_above_seven(
    dialogue: Dialogue,
) -> None:
    """'the man on my left' places the player as 'my LHO' does; his pass over my 8NT says he
    called since (38), and the pass is never named as the call the topic is about."""
    told = tell(
        dialogue,
        "bid_above_seven",
        "i bid 8NT by mistake (meant 7NT) and the man on my left already passed over it before"
        " anyone noticed. what happens?",
        {},
    )
    assert "lho_called" not in told.asked
    assert "LHO called before the director ruled" in told.took
    assert "the call: pass" not in told.took
    assert told.ruling is not None and "38B" in told.ruling.citations
