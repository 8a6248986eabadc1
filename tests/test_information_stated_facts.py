"""Information and auction facts a story states are shown as taken, never asked (issue 14, 4).

Each story is handed to its topic as if picked from the menu and the questions are answered as
a user would. The first table: a fact the story's structure or the table's plain words for a
state prove (where the board stood when the information came, who asks about a call taken
back, whether anyone called after a call) is shown under "I took from your description", its
question is not asked, and the ruling cites the Laws it turns on. The second: wordings that look
alike but leave the fact open, which must be asked."""

from __future__ import annotations

from test_play_facts import asked_test, taken_test

# (topic, story, answers, fact not asked, words shown as taken, citations)
TAKEN = [
    # information from outside the table: where the board stood at this table when it came
    (
        "extraneous_information",
        "heading back from the coffee machine i got a proper eyeful of the cards on table 7,"
        " it's the board we're due to play next. what happens",
        {"source": "elsewhere"},
        "timing",
        "no call had yet been made",
        {"16D1", "16D2"},
    ),
    (
        "extraneous_information",
        "the scoresheet was sticking out of the board and i read two results off it. none of us"
        " had made a call",
        {"source": "other"},
        "timing",
        "no call had yet been made",
        {"16D1", "16D2"},
    ),
    (
        "extraneous_information",
        "1H p 1S p and right then somebody from the next table said loudly 'trumps are 5-0"
        " on this board'. i'm S, about to rebid",
        {"source": "overheard"},
        "timing",
        "the first call had been made",
        {"16D1", "16D3"},
    ),
    (
        "extraneous_information",
        "lho had already opened 1C when the pair at the other table started shouting about"
        " the grand on this board",
        {"source": "overheard"},
        "timing",
        "the first call had been made",
        {"16D1", "16D3"},
    ),
    (
        "extraneous_information",
        "midway through the play a kibitzer whispered to his friend that the club finesse"
        " loses. declarer heard him",
        {"source": "overheard"},
        "timing",
        "the first call had been made",
        {"16D1", "16D3"},
    ),
    # whether the barred (or eight-level) bidder's left-hand opponent called over it
    (
        "call_when_required_to_pass",
        "the td had told rho to keep passing till the end of the auction. she redoubled 3D"
        " anyway and her lho passed straight after",
        {},
        "lho_called",
        "called before the director ruled",
        {"37A"},
    ),
    (
        "call_when_required_to_pass",
        "pd was barred for the rest of the bidding after my insufficient bid, but a round later"
        " she doubled 2S. no one's called since",
        {},
        "lho_called",
        "had not called before the ruling",
        {"37B1"},
    ),
    (
        "call_when_required_to_pass",
        "Margaret had to pass for the rest of the auction, forgot and put down 3NT. next"
        " player has not called",
        {},
        "lho_called",
        "had not called before the ruling",
        {"37B1"},
    ),
    (
        "bid_above_seven",
        "over their 7S my pd wrote 8H on the pad and the next player passed it without looking",
        {},
        "lho_called",
        "called before the director ruled",
        {"38A"},
    ),
    (
        "bid_above_seven",
        "rho put the 8S card out by accident and his lho, my partner, had already doubled it"
        " when the td came",
        {},
        "lho_called",
        "called before the director ruled",
        {"38A"},
    ),
    # who asks about a call or card taken back: both sides, or the teller by his own role
    (
        "withdrawn_call_information",
        "rho's double out of turn got cancelled and he passed when it came round. what is each"
        " side allowed to use from that double?",
        {},
        "side",
        "the question is about both sides",
        {"16C1", "16C2"},
    ),
    (
        "withdrawn_call_information",
        "my partner's 2D was taken back by the td and she bid 2NT instead. what can either side"
        " do with the info from the 2D",
        {},
        "side",
        "the question is about both sides",
        {"16C1", "16C2"},
    ),
    (
        "withdrawn_call_information",
        "declarer had to take back his lead, the ♣K from the wrong hand. i'm a defender: can i"
        " use that he holds it?",
        {},
        "side",
        "the question is about the non-offending side",
        {"16C1"},
    ),
    (
        "withdrawn_call_information",
        "a defender's lead out of turn was taken back, the ♥A. as declarer may i use what that"
        " card showed?",
        {},
        "side",
        "the question is about the non-offending side",
        {"16C1"},
    ),
    (
        "withdrawn_call_information",
        "declarer's card from the wrong hand went back into dummy. as a defender can my partner"
        " use the information from it?",
        {},
        "side",
        "the question is about the non-offending side",
        {"16C1"},
    ),
]

# a psych of a strong 2C or of a call asking for the majors is artificial (40B2(a)(v))
TAKEN += [
    (
        "psych_or_undisclosed_agreement",
        "my rho opened a strong 2♣ on a 4 count on purpose to shut us out, his pd had no idea",
        {"deliberate": "yes", "partner_knew": "no"},
        "artificial",
        "the psych was an artificial call",
        {"40B2(a)(v)"},
    ),
    (
        "psych_or_undisclosed_agreement",
        "over pd's 1NT lho bid 2C, asking for the majors, holding no major and 2 points. a"
        " deliberate bluff, his pd didn't know",
        {"deliberate": "yes", "partner_knew": "no"},
        "artificial",
        "the psych was an artificial call",
        {"40B2(a)(v)"},
    ),
    # one bid opened in the story, a major or notrump at the one level: natural
    (
        "psych_or_undisclosed_agreement",
        "is psyching allowed at a club? last week lho opened 1S on a 2 count on purpose and"
        " partner had no clue",
        {"deliberate": "yes", "partner_knew": "no"},
        "artificial",
        "the psych was a natural call",
        {"40C1", "40C2"},
    ),
]

# cards from the wrong board: the holder's call, or words that it was noticed before any call
TAKEN += [
    (
        "wrong_board",
        "East pulled his hand out of the wrong board and spotted it before anyone had said"
        " anything. pairs",
        {"kind": "cards"},
        "called",
        "noticed before",
        {"16D1"},
    ),
    (
        "wrong_board",
        "my lho had cards from bd 14 but we were on bd 15 and she'd already opened 1D with"
        " them. her partner hasn't called",
        {"kind": "cards"},
        "called",
        "made a call holding the wrong cards",
        {"15A1", "15A2(b)"},
    ),
    # our side's hesitation, and the teller asks what he may still do (16B1)
    (
        "unauthorised_information",
        "pd sat for ages over 3D before passing. it's come back to me in the auction, what"
        " should i bid?",
        {"ui_kind": "hesitation", "timing": "during"},
        "our_stage",
        "still has to act",
        {"16B1"},
    ),
    (
        "unauthorised_information",
        "opps say my partner tanked before passing my 2S and reserve their rights. pard says"
        " she didn't, it was normal speed",
        {"ui_kind": "hesitation"},
        "our_stage",
        "our side disputes the facts",
        {"16B2"},
    ),
]

# a double said with a bid: the last bid told as the one just doubled, or told last
TAKEN += [
    (
        "misstated_double",
        "we'd been doubled in 3D and pd said 'redouble three diamonds' out loud, is that ok",
        {"legal": "yes"},
        "stated",
        "he named the bid actually made",
        {"19B2"},
    ),
    (
        "misstated_double",
        "rho went 'double 2 hearts', and 2♥ was the last bid. anything wrong?",
        {"legal": "yes"},
        "stated",
        "he named the bid actually made",
        {"19A2"},
    ),
]

# (topic, story, answers, fact left open)
ASKED = [
    # the speaker's LHO is the barred partner's RHO: his not calling proves nothing
    (
        "call_when_required_to_pass",
        "pd had to pass till the end of the auction but bid 3H anyway. lho hasnt called yet",
        {},
        "lho_called",
    ),
    # the next player called the director, not a call
    (
        "call_when_required_to_pass",
        "W had been told to pass throughout and then doubled 2S. N, next to call, called the td",
        {},
        "lho_called",
    ),
    (
        "bid_above_seven",
        "rho put out 8C by mistake and the next player called the director",
        {},
        "lho_called",
    ),
    # the next player called someone over, not a call
    (
        "call_when_required_to_pass",
        "the td had just told E he must pass at his next turn, but he bid 2S. S, next to call,"
        " called me over at once",
        {},
        "lho_called",
    ),
    # the teller's role not told: declarer's card taken back, 'can we use it' is open
    (
        "withdrawn_call_information",
        "declarer's card from the wrong hand was taken back. can we use the information from it?",
        {},
        "side",
    ),
    # a defender is named, but not as the teller
    (
        "withdrawn_call_information",
        "a defender led out of turn and the card was taken back. it's his partner on lead now."
        " can i use the information from it?",
        {},
        "side",
    ),
    # a pass that is no call: 'passed table 7' on the way back
    (
        "extraneous_information",
        "i passed table 7 on my way back and glimpsed the north hand on the board we play"
        " next, then we sat down and started it",
        {"source": "elsewhere"},
        "timing",
    ),
    # the call is inside the words overheard, not this table's auction
    (
        "extraneous_information",
        "someone at the next table said 'they bid 1NT and made 10 tricks' on our board",
        {"source": "overheard"},
        "timing",
    ),
    # both told: the board not begun, and a call already made
    (
        "extraneous_information",
        "nobody had bid yet at our table. pd had already opened when the next table shouted"
        " the result",
        {"source": "overheard"},
        "timing",
    ),
]

ASKED += [
    # a minor at the one level may be artificial (a short club): asked
    (
        "psych_or_undisclosed_agreement",
        "rho opened 1C on a yarborough on purpose, partner had no clue",
        {"deliberate": "yes", "partner_knew": "no"},
        "artificial",
    ),
    # two bids opened in the story: which one was the psych is not said
    (
        "psych_or_undisclosed_agreement",
        "i opened 1H and lho overcalled 1S on purpose holding no spades, his pd didn't know",
        {"deliberate": "yes", "partner_knew": "no"},
        "artificial",
    ),
]

ASKED += [
    # a call by a player the story does not place may be the holder's own
    (
        "wrong_board",
        "w took the wrong hand out of board 3. opened 1H, then noticed before anyone bid again",
        {"kind": "cards"},
        "called",
    ),
    # not bid yet: he may have passed
    (
        "wrong_board",
        "rho had his hand out of the wrong board and noticed before anyone bid",
        {"kind": "cards"},
        "called",
    ),
    # another player's call proves nothing about the holder's
    (
        "wrong_board",
        "West took his cards from the wrong board. North opened 1S, and then West noticed",
        {"kind": "cards"},
        "called",
    ),
]

TAKEN += [
    # a bid named after the one told doubled: that one is no longer the last
    (
        "misstated_double",
        "after their 1S was doubled pd bid 2H and lho said 'redouble one spade'",
        {"legal": "yes"},
        "stated",
        "he named a bid other than the one actually made",
        {"19B2", "19B3"},
    ),
]

ASKED += [
    # a bid told doubled, but not the one just before the double said
    (
        "misstated_double",
        "rho said 'double 4 hearts'. earlier our 2C had been doubled, nobody remembers the rest",
        {"legal": "yes"},
        "stated",
    ),
]

test_taken = taken_test(TAKEN)
test_asked = asked_test(ASKED)
