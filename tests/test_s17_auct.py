"""Auction stories read from their structure (session 17): a seat in brackets after a call
names its maker; no-trumps as continental players type them; whose turn it was when two
players called at once, from the calls told before; a card exposed in the auction that the
director already ruled on ranks below the barred player's call the teller now asks about.
Each story is our own; each asserts what the user sees.
"""

from __future__ import annotations

import pytest

from conftest import Chat, walk

ABOUT = "This is about: "
INSUFFICIENT = ABOUT + "Insufficient bid"
TOOK = "I took from your description"


def _took(seen: list) -> str:  # type: ignore[type-arg]
    return next(t.text for t in seen if t.text.startswith(TOOK))


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        # the maker in brackets after each call: round, square, or 'by'
        ("1S [N] 2H [E] P [S] 1S [W]. insufficient. N hasnt called", "the offender: West"),
        ("1H (by S), 2C (by W), 1D (by N)?? E hasnt called yet", "the offender: North"),
        # told in prose, each call's maker in brackets after it: not the next call's maker
        (
            "the opening was 1H (S), overcall 2C (W), and then 1D (N) - insufficient! "
            "E has not called",
            "the offender: North",
        ),
        (
            "after 1S (pd) and 2H (rho) I passed and lho bid 1S. pd hasnt called yet",
            "the offender: your LHO",
        ),
    ],
)
def test_a_seat_in_brackets_after_a_call_is_its_maker(chat: Chat, text: str, offender: str) -> None:
    """'1S [N] 2H [E]', '1H (by S)', 'overcall 2C (W)': the bracket names who made the call
    before it, so the insufficient bid's offender is the player bracketed after it."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(INSUFFICIENT), seen[0].text
    assert offender in _took(seen)


@pytest.mark.parametrize(
    "text",
    [
        "1S (pd) 2H (rho) pass (me) 1S (lho), lho didnt see 2H. pd to call",
        "1S (my partner), 2H (rho), P (me), 1S (lho) - lho missed the overcall, pd not called",
        "1S [pd] 2H [rho] pass [me] 1S [lho]",
    ],
)
def test_a_typed_auction_with_players_relative_to_the_teller_in_brackets(
    chat: Chat, text: str
) -> None:
    """A whole auction typed with 'pd', 'rho', 'me' in brackets after the calls: read in the
    teller's frame (it used to stop the bot: 'pd' is no compass seat)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(INSUFFICIENT), seen[0].text
    assert "the offender: your LHO" in _took(seen)


@pytest.mark.parametrize(
    ("text", "last_bid"),
    [
        ("rho opened 1ST, I overcalled 1S. not seen the 1ST. lho hasnt called", "1NT"),
        ("RHO 2ST, me 2S (oops). LHO has not called", "2NT"),
        ("lho opened 1ZT en pd bid 1S, rho has not yet called", "1NT"),
        ("lho opened 2 sin triunfo and pd bid 2S, rho hasnt called yet", "2NT"),
        ("lho opened 2 sans atout and pd bid 2S, rho hasnt called yet", "2NT"),
        ("W: 1 SA, N: 1 S, E to bid", "1NT"),
    ],
)
def test_no_trumps_as_continental_players_type_them(chat: Chat, text: str, last_bid: str) -> None:
    """'1ST', '2ST' (Spanish, Portuguese), '1ZT' (Dutch), 'sin triunfo', 'SA': no-trumps,
    so the suit bid after it at the same level is insufficient."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(INSUFFICIENT), seen[0].text
    assert f"the last bid before it: {last_bid}" in _took(seen)


def test_a_small_1st_stays_an_ordinal(chat: Chat) -> None:
    """'the 1st trick', 'my 1ST bid': an ordinal, never a call of 1NT."""
    from bot.dialogue.story import read_story

    for text in ("I won the 1st trick and then led a spade", "my 1ST bid was 1S, then pd 2S"):
        story = read_story(chat.dialogue.describe(text).reading)
        assert not any(str(e.call) == "1NT" for e in story.events), text


SIMULTANEOUS = ABOUT + "Two players called at the same time"
WHO_CALLED = "Who called at the same moment"


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("lho opened 1c, then pd said 1s at the same time as rho bid 2c. what now", "on his left"),
        ("N opened 1H, E passed. then S bid 2H and W doubled at the same moment", "on his left"),
        ("I was dealer. LHO and I both bid at once: I said 1NT, he said pass", "on his left"),
        ("1C by E, then S and W bid simultaneously, S 1H W 1S", "on his left"),
        ("lho opened 1c, then I and pd bid at the same time", "partner"),
    ],
)
def test_whose_turn_it_was_when_two_called_at_once_comes_from_the_calls_before(
    chat: Chat, text: str, other: str
) -> None:
    """The calls told before the two made at once came in rotation from named seats (or the
    dealer is named and nobody had called): the turn was the player after the last caller,
    so who called with him is not asked (Law 33)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(SIMULTANEOUS), seen[0].text
    assert not any(WHO_CALLED in t.text for t in seen)
    ruling = next(t.text for t in seen if t.type == "ruling")
    assert other in ruling, ruling


@pytest.mark.parametrize(
    "text",
    [
        "pd said 1s at the same time as rho bid 2c",  # nothing says whose turn
        "I opened 1C and then pd and rho bid at once",  # lho's turn: neither caller
        "lho opened 1c, then rho said 1s at the same time as I bid 1H",  # pd's turn
        "N opened 1H, W passed, then S and E bid at the same time",  # out of rotation before
    ],
)
def test_whose_turn_it_was_is_asked_when_the_calls_before_do_not_prove_it(
    chat: Chat, text: str
) -> None:
    seen = chat.say(text)
    assert seen[0].text.startswith(SIMULTANEOUS), seen[0].text
    assert any(WHO_CALLED in t.text for t in seen)


BARRED = ABOUT + "Call by a player who had to pass"


@pytest.mark.parametrize(
    "text",
    [
        "During the bidding LHO dropped the king of spades face up. TD came and ruled it a "
        "penalty card and said RHO must pass at his next turn. RHO then bid 2H anyway. What now?",
        "W exposed the SQ while bidding. director was called and ruled a lead penalty, E has "
        "to pass once. but E bid 3C at his turn. ruling?",
        "pd's card (an ace) fell on the table during the auction, the TD already dealt with "
        "it: penalty card, I had to pass. I forgot and bid 2S. now what?",
        "In the auction my partner's ace of hearts fell face up. We called the director, it "
        "became a penalty card and I was told to pass at my next turn. I forgot and doubled.",
    ],
)
def test_a_card_exposed_in_the_auction_already_ruled_ranks_below_the_barred_call(
    chat: Chat, text: str
) -> None:
    """The card was ruled on (its partner silenced for a turn, Law 24); the silenced player
    then called: that call is what is asked now (Law 37), the card is offered after."""
    seen = chat.say(text)
    assert seen[0].text.startswith(BARRED), seen[0].text


def test_a_card_exposed_in_the_auction_is_the_matter_when_nobody_broke_the_bar(
    chat: Chat,
) -> None:
    """The silenced player passed as told; the teller asks about the card itself."""
    text = (
        "E dropped the D10 face up while we were bidding, TD ruled a penalty card, W barred "
        "one round. W then passed as told, N bid 2S. what about the card in the play?"
    )
    seen = chat.say(text)
    assert seen[0].text.startswith(ABOUT + "Card exposed or led during the auction")


OUT_OF_TURN = ABOUT + "Call out of turn"


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        ("S 1D, W P, and then S (not N) puts out 1S. TD called before N calls.", "South"),
        ("E opened 1C, S passed, then E - not W - bid 1H. W hasnt called yet", "East"),
        ("W opened 1D and N passed; then W instead of E bid 1S. E has not called", "West"),
    ],
)
def test_the_player_said_not_to_have_called_is_not_the_caller(
    chat: Chat, text: str, offender: str
) -> None:
    """'S (not N) puts out 1S': the player named as the one who did not call is not the
    call's maker; the call came from the other, at his partner's turn (Law 31)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(OUT_OF_TURN), seen[0].text
    assert f"the offender: {offender}" in _took(seen)


AFTER_CLOSE = ABOUT + "Call after the auction has ended"


@pytest.mark.parametrize(
    "text",
    [
        "Bd 3. W 3NT, P P P. N (defender) then doubles. E (declarer) immediately redoubles "
        "before anyone calls TD. Where are we?",
        "1NT by N, all pass. then E (defender) doubles",
        "auction over, 2S by E, P P P. then S (on lead) doubles! what now",
    ],
)
def test_a_call_after_the_final_pass_with_an_aside_after_its_maker(chat: Chat, text: str) -> None:
    """'N (defender) then doubles', 'E (declarer) immediately redoubles': the aside about the
    player does not part him from his call; made after three passes, it came after the
    auction closed (Law 39)."""
    seen = chat.say(text)
    assert seen[0].text.startswith(AFTER_CLOSE), seen[0].text


TURN_TO_COME = ABOUT + "A player says his turn was skipped, but the calls came in rotation"


@pytest.mark.parametrize(
    "text",
    [
        "lho 1NT, pd 2C, rho pass, lho 2D. i never got to bid! but pd points at my pass card "
        "in the box... on the table I mean",
        "i was skipped! lho 1NT, pd 2C, rho passed, lho 2D. everyone points to my pass card, "
        "i dont remember it",
    ],
)
def test_the_teller_skipped_but_his_own_pass_card_shown_between_the_calls(
    chat: Chat, text: str
) -> None:
    """The calls told came round the table but for the teller's one turn, and his own pass
    card is shown: his turn came in rotation (Law 17C), nobody called at his turn. Started,
    or offered first when the words alone leave it close."""
    seen = chat.say(text)
    offered = [c.id for c in seen[0].choices]
    assert seen[0].text.startswith(TURN_TO_COME) or offered[:1] == ["turn_to_come"], seen[0]


def test_a_call_missing_twice_is_not_one_forgotten_pass(chat: Chat) -> None:
    """'lho 1NT, pd 2C, pd 2D': more than the teller's one turn is missing from the round."""
    seen = chat.say("i was skipped! lho 1NT, pd 2C, pd 2D. they point at my pass card")
    assert not seen[0].text.startswith(TURN_TO_COME), seen[0].text


@pytest.mark.parametrize(
    ("text", "maker"),
    [
        ("the bidding went 1 club from me, double from the man on my left, then pass pass", "W"),
        ("1H from pd, then a double from rho", "E"),
    ],
)
def test_a_call_from_a_player_is_his(text: str, maker: str) -> None:
    """'double from the man on my left': the player after 'from' made the call, not the
    player named before it ('1 club from me')."""
    from bot.core.calls import Simple
    from bot.dialogue.story import read_story

    story = read_story(text)
    double = next(e for e in story.timeline if e.call is Simple.DOUBLE)
    assert double.seat is not None and double.seat.value == maker


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        (
            "W doubled after he'd been told to pass once (because his pd's lead card fell out "
            "during auction). N wasnt bothered and didnt call over it. TD?",
            "the offender: West",
        ),
        (
            "my rho bid 2S after the director had told him to pass at his next turn, because "
            "his partner had dropped the CA face up during the bidding. I have not called yet",
            "the offender: your RHO",
        ),
    ],
)
def test_a_call_told_before_the_bar_it_broke_with_after(
    chat: Chat, text: str, offender: str
) -> None:
    """'W doubled after he'd been told to pass': the bar came first, his call broke it (Law
    37); the card that caused the bar is its reason, offered after."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(BARRED), seen[0].text
    assert offender in _took(seen)


@pytest.mark.parametrize(
    ("text", "offender"),
    [
        ("N opened 1S, then W (yes W!) bid 2H. E hasnt called", "the offender: West"),
        ("S opened 1C and then E (really, E!) bid 1D. W has not called", "the offender: East"),
    ],
)
def test_a_mark_inside_an_aside_does_not_end_the_sentence(
    chat: Chat, text: str, offender: str
) -> None:
    """'W (yes W!) bid 2H': the '!' belongs to the aside; W is still the call's maker (it went
    to the player before the aside's mark)."""
    seen = walk(chat, text)
    assert seen[0].text.startswith(OUT_OF_TURN), seen[0].text
    assert offender in _took(seen)
