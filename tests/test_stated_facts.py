"""What a story states about its own incident is shown as taken, never asked (issue 14, point 4).

Each story is handed to its topic as if picked from the menu and the questions are answered as
a user would. The first table: a fact the story's structure states (whose card it was, who
played what, what was said and by whom) must appear under "I took from your description", its
question must not be asked, and the ruling must cite the Laws it turns on. The second: wordings
that look alike but leave the fact open, which must be asked (a wrong fact is worse than a
question)."""

from __future__ import annotations

from test_play_facts import asked_test, taken_test

# (topic, story, answers, fact not asked, words shown as taken, citations)
TAKEN = [
    # declarer's own card held face up: whose card decides the law (45C2), how is asked next
    (
        "card_played",
        "2S by W. At T6 declarer pulled the ♥10 from his hand and held it face up an inch over"
        " the cloth, then changed his mind and put it back",
        {"held_how": "near_table"},
        "event",
        "declarer held up or dropped a card from his own hand",
        {"45C2(a)"},
    ),
    # a defender's card held where his partner could see it (45C1)
    (
        "card_played",
        "i am declarer in 3NT. My LHO took out the ♣9 and held it up facing his partner, then"
        " slipped it back among his cards",
        {"defender_timing": "in_turn"},
        "event",
        "a defender showed a card",
        {"45C1"},
    ),
    # a penalty card lying out since earlier, and its holder's partner now on lead (50D2)
    (
        "penalty_card",
        "i'm declarer in 4H. RHO has had the ♣10 lying face up in front of her since she"
        " dropped it at trick 3, and her partner has just won the trick and is on lead",
        {},
        "event",
        "the partner of the defender with the penalty card is to lead",
        {"50D2(a)"},
    ),
    # ... and the holder's own turn to play (50D1)
    (
        "penalty_card",
        "defending 2S, I have had the ♥4 face up on the table since trick 2; now it is my turn"
        " to play",
        {},
        "event",
        "the defender who has the penalty card is to play",
        {"50D1(a)"},
    ),
    # a card put on the table from the player's own hand, then 'I meant the other one': the
    # wrong card or a change of mind, which stays played (47F2)
    (
        "retracting_played_card",
        "Defending 4S, I put the ♦9 on the table and at once said 'sorry, I meant the ♦10'."
        " Nobody had played after me",
        {},
        "reason",
        "he played a card he now regrets",
        {"47F2"},
    ),
    # a bid cancelled and its maker passing at his turn: a pass is not comparable to it, so
    # what the bid showed is unauthorised to his partner (16C2)
    (
        "withdrawn_call_information",
        "my partner opened 1H out of turn, the director cancelled it and at his own turn he"
        " passed. Can I use the fact that he wanted to open 1H?",
        {"side": "offending"},
        "replaced",
        "the withdrawn call's replacement was not comparable",
        {"16C2"},
    ),
    # the director's judgement told outright (23B)
    (
        "withdrawn_call_information",
        "LHO's 1S out of turn was cancelled and at her turn she bid 1S again, which the"
        " director ruled comparable. What may her partner make of the cancelled 1S?",
        {"side": "offending"},
        "replaced",
        "the withdrawn call was replaced by a comparable call",
        {"23B"},
    ),
    # a card put on a trick that already held four: a fifth card (45E)
    (
        "card_played",
        "At trick 9 my RHO, a defender, dropped the ♣6 onto a trick that already had four"
        " cards, his own ♣J among them",
        {"fifth_by": "defender"},
        "event",
        "a fifth card was added to a trick",
        {"45E1"},
    ),
    # a card turned face down before the others had played (45G)
    (
        "card_played",
        "LHO turned his card face down on the trick before my partner had played, so I never"
        " saw it",
        {},
        "event",
        "a card was turned face down before the trick was complete",
        {"45G"},
    ),
    # declarer reaching across dummy and brushing one of its cards (45C3)
    (
        "card_played",
        "declarer reached across dummy for the ♥5 and his cuff brushed the ♥Q next to it;"
        " the defenders say the queen is played",
        {"touch_purpose": "reaching"},
        "event",
        "declarer touched a card in dummy",
        {"45C3"},
    ),
    # two counts of the tricks, the cards still in their rows: the sides disagree (79B)
    (
        "score_correction",
        "Bd 5: all thirteen tricks played, no claim. E/W say they took 5 tricks, we say 4;"
        " the cards are still in rows in front of everyone and the round is not over",
        {"claim_made": "no", "called_when": "in_round"},
        "event",
        "the sides disagree about the number of tricks won",
        {"79B2"},
    ),
    # a claim agreed, the next board bid, then found wrong: the agreement, withdrawn late (69)
    (
        "claim",
        "declarer faced his cards at trick 10 saying 'the rest are mine'; we said fine and bid"
        " the next board, then my partner noticed she still had a trump",
        {"withdraw_when": "in_period"},
        "response",
        "the claim was agreed, and someone objected only after",
        {"69B"},
    ),
    # 'is that allowed' after a 'no diamonds?' put to a player who showed out: the asking is
    # the matter (61B)
    (
        "revoke",
        "declarer asked my partner 'no diamonds?' when he threw a spade on the diamond lead."
        " Is that allowed?",
        {"asker": "declarer"},
        "event",
        "the question is who may ask about a possible revoke",
        {"61B1"},
    ),
    # 'nobody has led to trick 9': nobody, so not the asker's side, has played on (66A)
    (
        "quitted_tricks",
        "trick 8 is over and my LHO wants to see it again; his own card is already turned but"
        " nobody has led to trick 9 yet",
        {},
        "side_played_next",
        "the player's side had not yet played to the next trick",
        {"66A"},
    ),
    # our side's hesitation, my call after it, and the opponents calling the director (16B)
    (
        "unauthorised_information",
        "my partner thought for a long time and then passed 2S. I bid 3H after that, and now"
        " the opponents are calling the director",
        {},
        "our_stage",
        "the partner has acted and the opponents have called the director",
        {"16B1(a)"},
    ),
    # a card dropped in the auction, face up in front of the dropper's partner (24)
    (
        "card_exposed_during_auction",
        "during the bidding my LHO dropped the ♦J face up on the table, right in front of his"
        " partner; the auction is still going",
        {},
        "seen",
        "his partner could have seen the card's face",
        {"24B"},
    ),
    # 'I clearly saw it': the seer named, an adverb between
    (
        "card_exposed_during_auction",
        "my partner dropped the ♣4 face up while we were bidding and I clearly saw it; the"
        " auction is still going",
        {"timing": "auction"},
        "seen",
        "his partner could have seen the card's face",
        {"24A"},
    ),
    # 'doesn't accept': the n't of a contraction (no word boundary before it)
    (
        "insufficient_bid",
        "RHO opened 1S and my partner bid 1H, a natural overcall. RHO doesn't accept it",
        {"in_turn": "yes", "natural": "yes", "replacement": "lowest_same"},
        "accepted",
        "does not accept the insufficient bid",
        {"27B1(a)"},
    ),
    # 'hasn't been accepted yet' (and the speaker, the offender's LHO, to call): not decided
    (
        "insufficient_bid",
        "LHO opened 1NT and RHO bid 1S over it, he had not seen the 1NT. It hasn't been"
        " accepted yet, it is my call",
        {"in_rotation": "yes", "natural": "yes"},
        "accepted",
        "you have not decided whether to accept",
        {"27A1"},
    ),
    # 'at the start of the hand' is the opening lead: with 'my lead', the leader is the
    # declaring side's (54E)
    (
        "lead_out_of_turn",
        "at the start of the hand my RHO led the ♥K face up, but it was my lead",
        {},
        "trick_number",
        "it was the opening lead",
        {"54E"},
    ),
    # words overheard about a board nobody at this table has called on yet (16D2)
    (
        "extraneous_information",
        "walking back to my seat I heard someone at table 5 say '6NT made on board 14'; we"
        " play it next round and nobody has called on it at our table",
        {},
        "timing",
        "no call had yet been made on the board at this table",
        {"16D2"},
    ),
    # 'declarer S' names declarer's seat, so E is a defender and his dropped card a penalty
    # card (the shorthand 'decl' is the same word)
    (
        "penalty_card",
        "at trick 5 E dropped the ♦K face up on the table while pulling out a card. declarer S"
        " says it has to stay there",
        {},
        "offender_role",
        "it was a defender's card",
        {"49", "50A"},
    ),
    # 'decl N says no, take it back': declarer refuses a defender's lead (56A, 50D)
    (
        "lead_out_of_turn",
        "mid hand E led the ♣5 but W had won the last trick with the ♣A. decl N says 'no, take"
        " it back', W to lead. what happens to E's card?",
        {},
        "response",
        "the other side refused the lead",
        {"56B", "50D"},
    ),
    (
        "lead_out_of_turn",
        "mid hand E led the ♣5 but W had won the last trick with the ♣A. decl N says 'no, take"
        " it back', W to lead. what happens to E's card?",
        {},
        "offender_role",
        "a defender led out of turn",
        {"56B"},
    ),
    # declarer named as someone else: the player who played before his partner is a
    # defender (57A), so what the question is about is not asked
    (
        "premature_play",
        "my partner played his card before me to trick 4, and now declarer says he can tell"
        " me what to play",
        {"declarer_side": "neither"},
        "event",
        "a defender played to the trick before his partner had played",
        {"57A"},
    ),
    # a director's heading 'Bd 16, 4H S.' gives the contract and declarer's seat: West, who
    # revoked, is a defender (and East, his partner, won the revoke trick: 64A2)
    (
        "revoke",
        "Bd 16, 4H S. At T5 a diamond was led, W pitched a club and E won it with the ♦A."
        " Later W turned up with the ♦8 at T10.",
        {},
        "offender_role",
        "a defender revoked",
        {"64A2"},
    ),
    # the hand next in rotation (East, on North's left) played to declarer's lead from the
    # wrong hand: the lead is accepted (53A, 55A)
    (
        "lead_out_of_turn",
        "Bd 8, 2S by N. The lead was in dummy, but N led a heart from his hand and E followed"
        " with the ♥7 before anyone spoke.",
        {},
        "response",
        "the other side accepted the lead",
        {"53A", "55A"},
    ),
    # 'N won that trick' against declarer W's revoke: the non-offending side won it (64A2)
    (
        "revoke",
        "Bd 9, 3NT by W. At T6 declarer W discarded a spade on a diamond lead though he held"
        " the ♦3, and N won that trick. Spotted at the end of play when W still had the ♦3.",
        {},
        "revoke_trick_won",
        "the non-offending side won the revoke trick",
        {"64A2"},
    ),
    # a defender names a card he holds, and nothing later is told: the exposure itself is
    # the question (49: a major penalty card)
    (
        "penalty_card",
        "mid-hand East, a defender, said to declarer 'don't bother, I still have the trump"
        " queen'. What happens to the queen?",
        {},
        "event",
        "a card was dropped, exposed or named during the play",
        {"49", "50A"},
    ),
    # dummy coming down just after it makes the lead the opening lead, from the leader's own
    # hand: 'I meant to lead a heart' is a card he regrets (47F2)
    (
        "retracting_played_card",
        "LHO led the ♣6, dummy came down and then she said 'oh no, I meant to lead a heart' and"
        " tried to pick the club back up",
        {},
        "reason",
        "he played a card he now regrets",
        {"47F2"},
    ),
    # 'no no, the 6' names the card he wanted instead
    (
        "retracting_played_card",
        "my RHO, a defender, played the ♥K and then said 'no no, the 6' and grabbed it back."
        " The next hand had not played",
        {},
        "reason",
        "he played a card he now regrets",
        {"47F2"},
    ),
    # 'declarer says he does not want it': declarer refuses, so the lead was a defender's
    # (56B: the card becomes a major penalty card)
    (
        "lead_out_of_turn",
        "at trick 8 my partner had won the trick but I led the ♦K. Declarer says he does not"
        " want it. What happens to my king?",
        {},
        "response",
        "the other side refused the lead",
        {"56B", "50D"},
    ),
    (
        "lead_out_of_turn",
        "at trick 8 my partner had won the trick but I led the ♦K. Declarer says he does not"
        " want it. What happens to my king?",
        {},
        "offender_role",
        "a defender led out of turn",
        {"56B"},
    ),
    # 'said fine, I'll take it' accepts the faced opening lead (53A, 54B)
    (
        "lead_out_of_turn",
        "4S by N. W faced the ♥K as the opening lead, but E was on lead. N looked at it and"
        " said 'fine, I'll take it'.",
        {},
        "response",
        "the other side accepted the lead",
        {"53A", "54B"},
    ),
    # 'nobody has said anything since': the offender's LHO has not called since the barred
    # player's double (37B)
    (
        "call_when_required_to_pass",
        "The director told my partner she had to pass for the rest of the auction, but next"
        " round she doubled 2S anyway. Nobody has said anything since.",
        {},
        "lho_called",
        "your RHO had not called before the ruling",
        {"37B1"},
    ),
    # 'his left-hand opponent hasn't said anything yet' (36B)
    (
        "inadmissible_double",
        "Tim doubled his partner's 2H opening. His left-hand opponent hasn't said anything yet.",
        {"out_of_turn": "no"},
        "lho_called",
        "LHO had not called before the ruling",
        {"36B1"},
    ),
    # 'we said no' to a claim: it is disputed, play stops and the director rules (68D2(a))
    (
        "claim",
        "4S by S. After trick 8 declarer put his cards down and said 'the rest are mine'; W"
        " still had the trump jack and declarer never said anything about trumps. We said no.",
        {},
        "response",
        "the claim was disputed and play stopped",
        {"68D2(a)", "70C"},
    ),
    # an opponent's revoke found after we had started bidding the next board: no trick
    # adjustment (64B4)
    (
        "revoke",
        "My LHO showed out of hearts at trick 4 and then produced a heart at trick 9. I only"
        " noticed after we had started bidding the next board.",
        {},
        "noticed",
        "after a non-offender had called on the next board",
        {"64B4"},
    ),
    # the side that chooses says it has not chosen: the options are the ruling
    (
        "lead_out_of_turn",
        "3H by N. West faced the ♠6 as the opening lead although East was on lead; declarer"
        " hasn't decided yet what he wants",
        {"seen_dummy": "no"},
        "response",
        "nothing had been chosen yet",
        {"54A", "54D"},
    ),
]


test_a_fact_the_story_states_is_taken_not_asked = taken_test(TAKEN)


# (topic, story, answers, fact that must be asked)
ASKED = [
    # a defender's card held up, but nothing says his partner could see it: 45C1 turns on that
    (
        "card_played",
        "i am declarer in 3NT. My LHO held up the ♣9 for a moment, then slipped it back among"
        " his cards",
        {},
        "event",
    ),
    # 'played the 5' may be declarer naming dummy's card (a slip of the tongue is its own
    # case, 45C4(b)): where the card came from is not told
    (
        "retracting_played_card",
        "I played the 5 and straight after said no, I meant the 6",
        {},
        "reason",
    ),
    # the same words after a revoke: the revoke is the matter
    (
        "retracting_played_card",
        "Defending, I put a club on a heart from my hand and then said oops, I meant my heart",
        {},
        "reason",
    ),
    # unsure whether the replacement was comparable: not read as either answer
    (
        "withdrawn_call_information",
        "partner's 2D out of turn was cancelled and he bid 3D at his turn; whether the director"
        " called it comparable I never heard. can I use his 2D?",
        {"side": "offending"},
        "replaced",
    ),
    # 'with 5 cards to go' counts the cards left, not the cards on a trick
    (
        "card_played",
        "with 5 cards to go declarer showed his hand and said the rest were his; is a card"
        " he showed played?",
        {},
        "event",
    ),
    # the seats make North next in rotation after West's hand, but the words put him on the
    # card's right: which it was is asked, not read
    (
        "lead_out_of_turn",
        "Bd 18, 2S by W. Declarer led the ♣K from hand when the lead was in dummy. N, on the"
        " right of the card, played small without thinking.",
        {},
        "response",
    ),
    # a count agreed and later found wrong: a trick accepted (79A2) or a dispute (79B)?
    (
        "score_correction",
        "we told them 'fine, 10 tricks to you' and the cards went back in the board; then"
        " we realised they had only won 9 tricks, not 10",
        {},
        "event",
    ),
    # agreed, but the objection came before anyone bid on the next board: not late
    (
        "claim",
        "declarer faced his cards saying 'the rest are mine'; we said fine, but before anyone"
        " bid on the next board my partner said she still had a trump",
        {},
        "response",
    ),
    # 'he had touched': a card touched, not a card he says he holds
    (
        "card_played",
        "declarer called for the ♦9 from dummy, and RHO said he had touched the 8 first",
        {},
        "event",
    ),
    # a card dropped earlier and a later question: not 'a card was just dropped' (what the
    # later question is, the story leaves to be asked)
    (
        "penalty_card",
        "i'm declarer in 4H. RHO has had the ♣10 lying face up in front of her since she"
        " dropped it at trick 3. Clubs get led next - must she play it?",
        {},
        "event",
    ),
]


test_a_fact_the_story_leaves_open_is_asked = asked_test(ASKED)
