"""Stories in the voices the labelled set lacked (session 20): a wrong explanation told as
'their explanation was wrong' or 'explained their bid wrong', a card taken back named with a
suit symbol ('took back my ♥J'), the use of what was taken back told or asked in everyday words
('as if he knew', 'what can they do with it'), and a call named as a kind in a complaint ('why?
a double isn't insufficient') that is no call made. Each story is our own; each asserts what
the user sees.
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

WITHDRAWN = "This is about: Information from a withdrawn call or play"
MENU = "I'm not sure which of these it is"


def _text(seen: list) -> str:
    return "\n".join(t.text for t in seen).replace("&#39;", "'")


def test_a_card_taken_back_by_its_symbol_after_a_wrong_explanation_and_used(chat: Chat) -> None:
    """'their explanation was wrong ... take back my ♥J ... as if he knew': a card taken back
    after a wrong explanation (47E2), and declarer's use of it told: Law 16C, not the
    misinformation itself. Declarer's side gave the wrong explanation, so it is the offending
    side (16C2), read from 'he', never from the 'i' after it."""
    text = (
        "their explanation was wrong so the director let me take back my ♥J at trick 3 and "
        "play another card. later declarer finessed me as if he knew i had the jack"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(WITHDRAWN)
    assert "the question is about the offending side" in _text(seen)
    assert "16C2" in ruling_of(seen).text


def test_his_use_told_before_the_teller_is_not_the_tellers_side(chat: Chat) -> None:
    """'He only knew I had the queen because of that': the words of using follow 'he' (the
    declarer, whose side explained wrong); the 'I' is what he knew. The side is asked, never
    taken as the teller's (which would rule that everything may be used)."""
    text = (
        "at trick 4 i put the ♠Q back after they said their explanation had been wrong. "
        "declarer then finessed me for the king. he only knew i had the queen because of that"
    )
    seen = chat.say(text)
    assert seen[0].text.startswith(WITHDRAWN)
    assert "non-offending side" not in seen[0].text
    assert "Which side are you asking about?" in _text(seen)


def test_what_each_side_may_do_with_calls_changed_after_a_wrong_explanation(
    chat: Chat,
) -> None:
    """'the opps explained their 2D bid wrong ... I changed my call ... what can they do with
    it and what can we do with theirs?': the change is made, the use asked (16C), both
    sides."""
    text = (
        "the opps explained their 2D bid wrong, it was a transfer not natural, so i changed my "
        "call and then lho changed his too. what can they do with it and what can we do with "
        "theirs?"
    )
    seen = chat.say(text)
    assert seen[0].text.startswith(WITHDRAWN)


def test_a_call_named_as_a_kind_in_a_complaint_is_no_call_made(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'how come? a double is never insufficient': the double spoken of in general is not a
    call made after the director's bar, so nothing proves a call by a player who had to pass
    (Law 37), and that topic is not announced; the insufficient bid is what the story tells."""
    text = (
        "rho bid 1H over my 2C which was insufficient, so he replaced it with a double. td said "
        "his partner has to pass for the whole auction. how come? a double is never insufficient"
    )
    assert "call_when_barred" not in dialogue.describe(text).proven
    seen = chat.say(text)
    assert not seen[0].text.startswith("This is about: Call by a player who had to pass")
    assert seen[0].text.startswith("This is about: Insufficient bid") or "insufficient_bid" in [
        c.id for c in seen[0].choices
    ]


def test_a_call_changed_after_our_wrong_explanation_asks_the_side(chat: Chat) -> None:
    """'my pd explained our 2C wrong so lho changed his call ... can i use the fact that he
    passed first?': the use of the withdrawn pass is asked (16C). The side that explained
    wrong offended (21B), not the one that changed its call, so the teller's 'i' does not make
    his side the non-offending one: the side is asked, never filled wrong."""
    text = (
        "my pd explained our 2C wrong so lho changed his call from pass to 2H. we were the ones "
        "who got it wrong. can i use the fact that he passed first?"
    )
    seen = chat.say(text)
    assert seen[0].text.startswith(WITHDRAWN)
    assert "non-offending side" not in seen[0].text
    assert "Which side are you asking about?" in _text(seen)


def test_is_he_allowed_asks_of_another_player_not_the_teller(chat: Chat) -> None:
    """'i swapped my ♣3 for the ♣A ... is he allowed to play on that?': the question is
    declarer's use; the teller's side is not taken as the one asked about."""
    text = (
        "i swapped my ♣3 for the ♣A after the td agreed their explanation was wrong. later "
        "declarer ducked to me twice. is he allowed to play on that?"
    )
    seen = chat.say(text)
    assert seen[0].text.startswith(WITHDRAWN)
    assert "the question is about the non-offending side" not in _text(seen)
