"""A double or redouble said aloud with more than the word (Law 19A2, 19A3, 16B).

"Double two spades" is compared with the last bid actually made, and whether the double was
allowed there at all, from the calls told in rotation up to it.
"""

from __future__ import annotations

import re

from bot.core.auction import Auction, Entry
from bot.core.calls import BID_PATTERN, Bid, Seat, Simple, bid_from_match, parse_call
from bot.dialogue.auction_state import Found
from bot.dialogue.story import CallEvent, Story
from bot.lazy import lazy_pattern

MISSTATED = "misstated_double"
"""A double or redouble said with a bid or other words (Law 19A3, 16B)."""
_SAID_DOUBLE = lazy_pattern(r"['\"](?:i )?(?:double|redouble|dbl|rdbl)\b\s*[,\-–—!]?\s*(?!['\"])\w")
""""'double two spades'", "'double, penalties!'", "'redouble - SOS'": a double said with more
than the word (Law 19A3, 16B)."""
_SPOKEN_DOUBLE = lazy_pattern(
    rf"^['\"](?:i\s+)?(?P<call>re)?double\b(?P<rest>[^'\"]*)['\"]$|"
    rf"^['\"](?P<bid>{BID_PATTERN})\W*['\"]$",
    re.IGNORECASE,
)
_QUOTE = lazy_pattern(r"(?<![\w])'[^']{2,80}'(?![\w])|\"[^\"]{2,80}\"")
_DOUBLED_BEFORE = lazy_pattern(r"\b(?:doubled|redoubled|doubles|redoubles)\s*$")


def spoken_double(lowered: str, story: Story) -> Found | None:
    """A double or redouble said aloud with more than the word: a bid named ('double two
    spades', doubled '3 diamonds') or other words ('double, penalties!') - Law 19A2, 19A3."""
    for quote in _QUOTE.finditer(lowered):
        match = _SPOKEN_DOUBLE.match(quote.group(0))
        if match is None:
            continue
        before = lowered[max(0, quote.start() - 12) : quote.start()]
        if match.group("bid"):
            doubled = _DOUBLED_BEFORE.search(before)
            if doubled is None:
                continue
            redouble = doubled.group(0).startswith("re")
            named, extra = _bid_of(match.group("bid")), ""
        else:
            redouble = bool(match.group("call"))
            rest = match.group("rest")
            bid = _BID_IN.search(rest)
            named = _bid_of(bid.group(0)) if bid else None
            extra = re.sub(r"[\W_]+", " ", _BID_IN.sub(" ", rest)).strip()
            if named is None and not extra:
                continue
        facts = {"spoken_call": "redouble" if redouble else "double"}
        facts.update(_spoken_judged(lowered, story, quote.start(), quote.end(), named, extra))
        return Found(MISSTATED, quote.start(), facts)
    return None


_BID_IN = lazy_pattern(rf"(?<![\w♣♦♥♠]){BID_PATTERN}(?![\w♣♦♥♠])", re.IGNORECASE)
_LAST_BID = (
    lazy_pattern(
        rf"\b(?:the )?last bid (?:was|is|had been)\s+(?P<last>{BID_PATTERN})(?![\w♣♦♥♠])", re.I
    ),
    lazy_pattern(rf"(?<![\w♣♦♥♠])(?P<last>{BID_PATTERN}) (?:was|is|had been) the last bid\b", re.I),
    lazy_pattern(
        rf"\b(?:after|when|once|with) (?:the |their |our |my |his |her )?(?P<last>{BID_PATTERN})"
        r"(?: had)? (?:was |had been |got |been )?doubled\b",
        re.I,
    ),
    lazy_pattern(rf"\b(?:been|was|were|got) doubled in (?P<last>{BID_PATTERN})(?![\w♣♦♥♠])", re.I),
)
"""The last bid, told: 'the last bid was 4S', '2S was the last bid', or the bid told doubled
just before ('after 2H was doubled', 'with 4S doubled', 'he'd been doubled in 2S')."""


def _nothing_bid_between(lowered: str, told: re.Match[str], start: int, end: int) -> bool:
    """No other bid named between the last bid told and the quoted double ('after 1S was
    doubled they bid 2H, and pd said ...' names a later bid: 1S was not the last)."""
    after = told.start() >= end
    between = lowered[end : told.start("last")] if after else lowered[told.end() : start]
    return _BID_IN.search(between) is None


def _bid_of(words: str) -> Bid | None:
    try:
        call = parse_call(words)
    except ValueError:
        return None
    return call if isinstance(call, Bid) else None


def _spoken_judged(
    lowered: str, story: Story, start: int, end: int, named: Bid | None, extra: str
) -> dict[str, str]:
    """Whether the bid named is the last bid (said so, or shown by calls told one after
    another up to the double), and whether the double itself was allowed there."""
    facts: dict[str, str] = {}
    said = next(
        (
            m
            for m in (p.search(lowered) for p in _LAST_BID)
            if m is not None and _nothing_bid_between(lowered, m, start, end)
        ),
        None,
    )
    last: Bid | None = _bid_of(said.group("last")) if said else None
    double = next(
        (
            e
            for e in story.timeline
            if e.call in (Simple.DOUBLE, Simple.REDOUBLE) and start - 12 <= e.start <= end
        ),
        None,
    )
    run = _run_up_to(story, double) if double is not None else []
    auction = Auction(tuple(Entry(e.call, e.seat) for e in run))  # type: ignore[arg-type]
    if len(run) >= 2 and any(c is not Simple.PASS for c in auction.calls[:-1]):
        at = len(run) - 1
        allowed = (
            auction.redouble_permitted(at)
            if run[-1].call is Simple.REDOUBLE
            else auction.double_permitted(at)
        )
        facts["spoken_legal"] = "yes" if allowed else "no"
        if last is None:
            last = auction.last_bid(at)
    if "spoken_legal" not in facts and double is not None:
        legal, doubled = _legal_by_sides(lowered, story, double, start, end)
        if legal is not None:
            facts["spoken_legal"] = legal
        if last is None and legal == "yes":
            last = doubled  # the opponent's bid told is the one doubled
    if named is not None and last is not None:
        facts["spoken_named"] = "right" if named == last else "wrong"
    elif named is None and extra:
        facts["spoken_named"] = "extra"
    return facts


_PLAYER = r"(?P<who>[a-z][a-z' ]{0,40}?)"
_OWN_SIDE_BID = (
    lazy_pattern(rf"\b(?:his|her|their) own (?:partner|pd|pard)'?s? (?:bid|call|{BID_PATTERN})"),
    lazy_pattern(
        rf"\b(?:last )?bid (?:was|had been) (?:{BID_PATTERN})?,? ?by (?:his|her) (?:own )?"
        r"(?:partner|pd|pard)\b"
    ),
    lazy_pattern(r"\b(?:was|is) (?:his|her) (?:own )?(?:partner|pd|pard)'s (?:bid|call)\b"),
    lazy_pattern(r"\bwas bid by (?:his|her) (?:own )?(?:partner|pd|pard)\b"),
)
"""The bid doubled was made by the doubler's own partner ('her own pd's 4C', 'the last bid
was 4S, by his partner'): a double of it is not allowed (Law 19A1)."""
_BID_BY = (
    lazy_pattern(
        rf"\b(?:when|after|as) {_PLAYER}(?:'d| had| has| have)?(?: actually)? bid {BID_PATTERN}"
    ),
    lazy_pattern(
        rf"\blast bid (?:was|had been) {BID_PATTERN},? by {_PLAYER}(?:[,.;!?]|$| and| when)"
    ),
    lazy_pattern(rf"\b(?:over|after) {_PLAYER}'s {BID_PATTERN}"),
    lazy_pattern(rf"\bdoubled {_PLAYER}'s? {BID_PATTERN}"),
    lazy_pattern(rf"\b(?:over|after) (?P<who>my|our|their) {BID_PATTERN}"),
    lazy_pattern(rf"\blast bid (?:was|had been) (?P<who>my|our|their) {BID_PATTERN}"),
    lazy_pattern(rf"\b{BID_PATTERN} was {_PLAYER}'s (?:bid|call)\b"),
)
"""Who made the bid the double is of ('when my partner had bid 3S', 'the last bid was 4S by
LHO', 'over my 2S', 'doubled my 1S')."""
_DOUBLE_BY = (
    lazy_pattern(rf"\b(?:when|after) {_PLAYER}(?:'d| had| has| have)? doubled\b"),
    lazy_pattern(rf"\b{_PLAYER} (?:had |have |has )doubled (?:our|my|their|his|her)\b"),
    lazy_pattern(r"\b(?:after|over) (?P<who>my|our|their) double\b"),
)
"""Who made the double a redouble is of ('after we doubled 4H', 'when W had doubled 2H')."""
_WE = frozenset({"we", "i", "me", "my", "our", "us"})
_THEY = frozenset({"they", "the opps", "opps", "the opponents", "opponents", "their"})
_OTHER_DOUBLE = lazy_pattern(r"\b(?:re)?doubl\w*|\b(?:x|xx|dbl|rdbl)\b")
_SAME_DOUBLE = lazy_pattern(r"\bdoubled (?:and|,)|\b(?:he|she) doubled (?:my|our)\b")


def _legal_by_sides(
    lowered: str, story: Story, double: CallEvent, start: int, end: int
) -> tuple[str | None, Bid | None]:
    """Whether the double (redouble) was allowed, from who made the bid (double) it is of:
    the doubler's own partner's bid cannot be doubled; an opponent's last bid (double) can,
    when no other double or redouble is told (Laws 19A1, 19B1). With it, for a double, the
    bid the words name as the one doubled."""
    redouble = double.call is Simple.REDOUBLE
    if not redouble and any(p.search(lowered) for p in _OWN_SIDE_BID):
        return "no", None
    doubler = double.seat
    if doubler is None:
        return None, None
    found = [m for p in (_DOUBLE_BY if redouble else _BID_BY) for m in p.finditer(lowered)]
    makers = {_side_of(m, story, doubler) for m in found}
    if makers == {"own"} and not redouble:
        return "no", None
    if makers != {"opponent"}:
        return None, None
    told = {m.start() for m in found}
    for other in _OTHER_DOUBLE.finditer(lowered):
        if start <= other.start() < end or _SAME_DOUBLE.match(lowered, other.start()):
            continue
        if redouble and any(t <= other.start() <= t + 60 for t in told):
            continue  # the double the redouble is of
        if (
            not redouble
            and lowered.startswith("doubled", other.start())
            and any(t <= other.start() <= t + 2 for t in told)
        ):
            continue  # 'doubled my 1S': the double itself
        return None, None
    bids = {bid_from_match(m) for m in found} if not redouble else set()
    return "yes", (bids.pop() if len(bids) == 1 else None)


def _side_of(match: re.Match[str], story: Story, doubler: Seat) -> str | None:
    """'opponent' when the player named made his call on the other side from the doubler,
    'own' on his side, None when the words do not place him."""
    words = match.group("who").strip()
    if story.frame == "speaker" and story.speaker is not None:
        if words in _WE:
            return _relation(story.speaker, doubler)
        if words in _THEY:
            return _relation(story.speaker.lho, doubler)
    ref = next(
        (r for r in story.players if r.start == match.start("who") and r.seat is not None), None
    )
    if ref is None or ref.seat is None or not 0 <= ref.end - match.end("who") <= 2:
        return None
    return _relation(ref.seat, doubler)


def _relation(seat: Seat, doubler: Seat) -> str:
    return "own" if seat in (doubler, doubler.partner) else "opponent"


def _run_up_to(story: Story, event: CallEvent) -> list[CallEvent]:
    """The calls told one after another in rotation, with seats, ending with ``event``."""
    timeline = story.timeline
    if event not in timeline:
        return []
    at = timeline.index(event)
    run = [event]
    for previous in reversed(timeline[:at]):
        later = run[0]
        if previous.call is None or previous.seat is None or later.seat is None:
            break
        if previous.seat.lho is not later.seat:
            break
        run.insert(0, previous)
    return run


_STATED_DOUBLE = lazy_pattern(
    r"\b(?:double|redouble|doubled|redoubled|dbl)\W{1,3}(?:your |his |her |the |their )?"
    + BID_PATTERN,
    re.IGNORECASE,
)
_AFTER_BID = lazy_pattern(
    rf"['\"]?\s*(?:after|over)\s+(?:my|his|her|their|our|\w+'s)\s+{BID_PATTERN}", re.IGNORECASE
)
_LAST_BID_TOLD = lazy_pattern(
    rf"\b(?:the last bid (?:was|is)|last bid was|the actual bid was|but it was|it was actually)"
    rf"\s+(?:a |an )?{BID_PATTERN}",
    re.IGNORECASE,
)


def double_stated_with_a_bid(lowered: str, story: Story) -> Found | None:
    """A double said with a bid ('double 3 spades'): whether the bid named is the last bid
    made, when the story names that bid ('the last bid was 4H', or a bid made just before by
    a player named). Only the fact; the words already route it (Law 19A3)."""
    stated = _STATED_DOUBLE.search(lowered)
    if stated is None:
        return None
    try:
        named = bid_from_match(stated)
    except ValueError:
        return None
    last: Bid | None = None
    told = _LAST_BID_TOLD.search(lowered)
    if told is not None:
        try:
            last = bid_from_match(told)
        except ValueError:
            return None
    else:
        before = [
            e
            for e in story.timeline
            if e.role == "made" and e.end <= stated.start() and e.seat is not None
        ]
        bids = [e.call for e in before if isinstance(e.call, Bid)]
        after = _AFTER_BID.match(lowered, stated.end())
        if after is not None:
            last = bid_from_match(after)
        elif bids:
            last = bids[-1]
    if last is None:
        return None
    return Found("", stated.start(), {"spoken_named": "right" if last == named else "wrong"})


def double_said_with_more(lowered: str) -> Found | None:
    """A double said with words after it, when the quote itself is not read as a call; or
    a player who doubled and said words naming no bid with it ('West doubled and said "for
    takeout"'): other words added to the double (Law 19A3, 16B)."""
    said = _SAID_DOUBLE.search(lowered)
    if said is not None:
        return Found(MISSTATED, said.start())
    added = _DOUBLED_SAYING.search(lowered)
    if added is None:
        return None
    close = re.compile(r"['\"](?![a-z])").search(lowered, added.end())  # not "that's"
    quote = lowered[added.end() : close.start() if close is not None else len(lowered)]
    if close is None or _BID_IN.search(quote) or not _DOUBLE_MEANING.search(quote):
        return None  # a bid named (the other readers of the double), or a mere remark
    return Found(MISSTATED, added.start(), {"spoken_named": "extra"})


_DOUBLED_SAYING = lazy_pattern(
    r"\b(?P<call>doubled|redoubled)(?:\s+[\w\u2660\u2665\u2666\u2663']+){0,2}?\s*,?\s+"
    r"(?:and\s+)?(?:then\s+)?(?:said|saying|added|adding|announced|announcing)\s+['\"]"
)
"""'doubled and said "for takeout"': words said with the double by the player who made it."""
_DOUBLE_MEANING = lazy_pattern(
    r"\b(?:take ?-?out|t/o|penalt\w*|business|negative|responsive|lightner|lead directing"
    r"|lead-directing|optional|co-?operative|competitive|for blood|sos|s\.o\.s|values"
    r"|showing|to show)\b"
)
"""What a double means ('for takeout', 'penalties', 'SOS'): said with it, more than the call."""
