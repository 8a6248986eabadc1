"""Recognise the irregularity in a description: jargon first, then fuzzy matching.

Players write "IB", "BOOT", "pd", "the box", "1s"; the jargon list in
``knowledge/jargon.yaml`` rewrites these to one plain form, then rapidfuzz
compares the text with every topic's aliases. An irregularity found in a
typed auction (an insufficient bid, a call out of turn) adds to its topic's score.
"""

from __future__ import annotations

import hashlib
import math
import re
import threading
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Indel

from bot.core.topics import Topic
from bot.dialogue.examples import learned, weight
from bot.knowledge import JargonRule, Knowledge, Subject, cache
from bot.lazy import lazy_pattern, required_text

AUCTION_BONUS = 40.0
"""Points added to the topic of an irregularity found in a typed auction."""
KEYWORD_WEIGHT = 12.0
"""How much a distinctive alias word found in the description counts."""
SUBJECT_HANDICAP = 10.0
"""A subject not covered must beat the topics clearly: a ruling topic wins a near tie."""
HINT_EVIDENCE = 10.0
"""Calls that show the irregularity are evidence enough on their own."""
_STOPWORDS = frozenset(
    (
        "a an the of to in on at and or is was it he she i my his her we our they their be been "
        "has had have did do does what now then after before with for by but so that this if "
        "when as not can can't again time still just also very really some any there here about "
        "who why how which would could should will shall me him them us you your its it's was "
        "were are am being get got go went come came one all no yes ok okay thanks thank please "
        "tonight today just want wants wanted wanting allowed allow rest still know knew think "
        "whether thing things something anything anyone someone somebody everyone everybody "
        "really actually maybe sure way lol north south east west lho rho partner"
    ).split()
)
_WORD = lazy_pattern(r"[a-z0-9♣♦♥♠']+")


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text) if w not in _STOPWORDS]


class Normaliser:
    """Lower-case, tidy and rewrite jargon, in the order the jargon file gives."""

    def __init__(self, jargon: list[JargonRule]) -> None:
        self.rules = [(lazy_pattern(rule.pattern, re.IGNORECASE), rule.means) for rule in jargon]
        self._recent = lru_cache(maxsize=256)(self._normalise)
        """A first message is normalised twice (to rank topics, then to read facts): the
        second time costs nothing. ``lru_cache`` is safe to share between threads."""
        self._needs: list[tuple[str, ...] | None] | None = None
        """Per rule, the words one of which any text it rewrites holds (``required_text``):
        most rules find nothing in a description, and looking for a word costs a tenth of
        searching. Worked out on first use (a one-message command parses no rule)."""

    def __call__(self, text: str) -> str:
        return self._recent(text)

    def _normalise(self, text: str) -> str:
        out = " ".join(text.lower().replace("’", "'").split())
        needs = self._needs
        if needs is None:
            needs = self._needs = _rule_needs(self.rules)
        if not out.isascii():  # a case-blind match may be a letter str.lower leaves alone
            needs = [None] * len(self.rules)
        for (pattern, means), needed in zip(self.rules, needs, strict=True):
            if needed is None or any(map(out.__contains__, needed)):  # no generator
                out = pattern.sub(means, out)
        return out


def _rule_needs(rules: list[tuple[re.Pattern[str], str]]) -> list[tuple[str, ...] | None]:
    """Per jargon rule, what a text must hold for it to rewrite anything. The text starts in
    lower case and stays so only if every rule writes lower case: otherwise nothing is
    skipped. Kept in the knowledge cache: parsing every rule costs about ten milliseconds,
    which ``rulingbot ask`` would pay on each run."""
    if any(means != means.lower() for _, means in rules):
        return [None] * len(rules)
    key = cache.code_fingerprint() + "\0".join(pattern.pattern for pattern, _ in rules)
    name = cache.name_for("jargon-needs", key)
    kept = cache.read(name, key)
    if isinstance(kept, list) and len(kept) == len(rules):
        return kept
    needs = [required_text(pattern.pattern, re.IGNORECASE) for pattern, _ in rules]
    cache.write(name, key, needs)
    return needs


@dataclass(frozen=True)
class Match:
    topic: Topic | Subject
    """A topic the bot rules on, or a subject it only recognises (``covered`` is False)."""
    score: float
    evidence: float = 0.0
    """How much of the description speaks for this entry: the rarity of the words it shares
    with the entry's aliases (generic words count little), or the hint's weight."""
    learned: float = 0.0
    """The part of ``score`` the examples gave (``bot/dialogue/examples.py``)."""

    @property
    def covered(self) -> bool:
        return isinstance(self.topic, Topic)


class Bounds:
    """Per topic (in ``TopicMatcher.topics``' order), what its ``Match`` in a rank is sure to
    be: ``low <= score <= high``; ``learned`` exactly (NaN for a subject whose share depends
    on every alias) and ``evidence`` exactly. An alias scores 0 to 100 until the topic is
    ``settle``d (its aliases compared, as ``rank`` does). Every part is worked out as ``rank``
    works it out, in the same order of operations: each step rounds monotonically, so bounds
    of the parts bound the score."""

    def __init__(
        self,
        matcher: TopicMatcher,
        query: str,
        keywords: list[float],
        learned: list[float],
        boosts: Mapping[str, tuple[float, float]],
    ) -> None:
        self._matcher, self._query, self._learned = matcher, query, learned
        self.covered = matcher.covered
        none = (0.0, 0.0)
        self._base: list[float] = []
        """Per topic, what its keywords and boost add to its alias score (rank's order)."""
        self._raw_low: list[float] = []
        self._raw_high: list[float] = []
        self.evidence: list[float] = []
        for topic, keyword, covered in zip(matcher.topics, keywords, self.covered, strict=True):
            extra, weight = boosts.get(topic.id, none)
            self._base.append(extra)
            low, high = 0.0 + KEYWORD_WEIGHT * keyword, 100.0 + KEYWORD_WEIGHT * keyword
            if not covered:
                low, high = low - SUBJECT_HANDICAP, high - SUBJECT_HANDICAP
            self._raw_low.append(low + extra)
            self._raw_high.append(high + extra)
            evidence = keyword + weight
            self.evidence.append(round(evidence, 2) if evidence else evidence)
        self._keywords = keywords
        self.settled: set[int] = set()
        topics = self._topics = [i for i, c in enumerate(self.covered) if c]
        self._others = [i for i, c in enumerate(self.covered) if not c]
        """The covered topics' positions, and the subjects'."""
        beliefs = [learned[i] for i in topics]
        self.low: list[float] = [0.0] * len(keywords)
        self.high: list[float] = [0.0] * len(keywords)
        self.learned: list[float] = [0.0] * len(keywords)
        lows = _tenths_of([self._raw_low[i] + b for i, b in zip(topics, beliefs, strict=True)])
        highs = _tenths_of([self._raw_high[i] + b for i, b in zip(topics, beliefs, strict=True)])
        for index, low, high, belief in zip(topics, lows, highs, beliefs, strict=True):
            self.low[index], self.high[index], self.learned[index] = low, high, belief
        self._most_learned = max(learned, default=0.0)
        self._subjects()

    def settle(self, index: int) -> None:
        """Compare the topic's aliases: its score is then known (a subject's, unless its
        share of the examples is still open)."""
        if index in self.settled:
            return
        self.settled.add(index)
        alias = self._matcher.alias_scores.one(self._query, index)
        raw = alias + KEYWORD_WEIGHT * self._keywords[index]
        if not self.covered[index]:
            raw -= SUBJECT_HANDICAP
        self._raw_low[index] = self._raw_high[index] = raw + self._base[index]
        if self.covered[index]:
            self._score(index)
        self._subjects()

    def _score(self, index: int) -> None:
        belief = self._learned[index]
        self.low[index] = _tenths(self._raw_low[index] + belief)
        self.high[index] = _tenths(self._raw_high[index] + belief)
        self.learned[index] = belief

    def _subjects(self) -> None:
        """A subject is taught the examples' most only if it leads on the rest (the first
        wins a tie: the covered topics come first)."""
        raw_low, raw_high, others = self._raw_low, self._raw_high, self._others
        covered_low = max([raw_low[i] for i in self._topics], default=None)
        subject_high = max([raw_high[i] for i in others], default=None)
        may_lead = covered_low is None or (subject_high is not None and subject_high > covered_low)
        most = self._most_learned if may_lead else 0.0
        lows = _tenths_of([raw_low[i] + 0.0 for i in others])
        highs = _tenths_of([raw_high[i] + most for i in others])
        learned = 0.0 if not most else math.nan
        for index, low, high in zip(others, lows, highs, strict=True):
            self.low[index], self.high[index], self.learned[index] = low, high, learned


def _score(match: Match) -> float:
    return match.score


def _tenths(value: float) -> float:
    """``round(value, 1)``, the same float, for a fifth of its cost (a rank rounds 50 scores).

    The nearest whole number of tenths is the same as round's unless ``value`` lies next to a
    half tenth (round then decides, on the exact value), and a whole number of tenths divided
    by ten is the float nearest that decimal, as round gives. Zero goes to round (its sign)."""
    scaled = value * 10.0
    tenths = math.floor(scaled + 0.5)
    if tenths == 0 or abs(scaled - math.floor(scaled) - 0.5) < 1e-6 or abs(scaled) > 1e9:
        return round(value, 1)
    return tenths / 10.0


def _tenths_of(values: list[float]) -> list[float]:
    """``_tenths`` of each value, in one call: the bounds of a ranking round a hundred scores,
    and the calls cost more than the rounding. The same tests in the same order, ``abs``
    written as two comparisons (equal for every float, NaN included)."""
    floor = math.floor
    out = []
    for value in values:
        scaled = value * 10.0
        tenths = floor(scaled + 0.5)
        off = scaled - floor(scaled) - 0.5
        if tenths == 0 or -1e-6 < off < 1e-6 or scaled > 1e9 or scaled < -1e9:
            out.append(round(value, 1))
        else:
            out.append(tenths / 10.0)
    return out


class TopicMatcher:
    """Scores every topic (and every subject not covered) against a description, best first."""

    def __init__(self, knowledge: Knowledge, normalise: Normaliser) -> None:
        self.normalise = normalise
        self.topics: list[Topic | Subject] = [
            *knowledge.topics.values(),
            *knowledge.uncovered.values(),
        ]
        self.covered = [isinstance(topic, Topic) for topic in self.topics]
        """Per topic: whether the bot rules on it (else a subject it only recognises)."""
        self.aliases, self.vocabulary = _normalised_aliases(knowledge, normalise, self.topics)
        """Per topic id: its title and aliases normalised, and the words they use."""
        self.flat_aliases = [a for t in self.topics for a in self.aliases[t.id]]
        self.alias_topic = [i for i, t in enumerate(self.topics) for _ in self.aliases[t.id]]
        counts: dict[str, int] = {}
        for words in self.vocabulary.values():
            for word in words:
                counts[word] = counts.get(word, 0) + 1
        n = len(self.vocabulary)
        self.rarity = {word: math.log(1 + n / c) for word, c in counts.items()}
        self.all_words = sorted(self.rarity)
        self.word_topics: dict[str, list[int]] = {}
        """Alias word -> the topics (positions in ``topics``) whose aliases use it."""
        for i, topic in enumerate(self.topics):
            for word in self.vocabulary[topic.id]:
                self.word_topics.setdefault(word, []).append(i)
        self.alias_scores = AliasScores([self.aliases[t.id] for t in self.topics])
        self.examples = learned(knowledge, normalise)
        self._cache_key = knowledge.cache_key
        self._recent: dict[str, tuple[list[float], list[float], list[float]]] = {}
        self._recent_lock = threading.Lock()
        """The engine's threads share one matcher: evicting from ``_recent`` while another
        thread adds to it must not fail."""
        self._close_words: dict[str, list[str]] = {}
        """Query word -> alias words it may misspell (players reuse their words). Only read,
        set and cleared whole: each is one atomic step, so threads may share it unlocked."""

    def warm_up(self) -> None:
        """Build now what the first descriptions would build as they go (a served bot, before
        its first user): every alias word's group, and the alias words close to each word
        the examples use, which are most of the words players type."""
        self.alias_scores.warm_up()
        self._close_words.update(self._known_close_words())

    def _known_close_words(self) -> dict[str, list[str]]:
        """The close alias words of every word (over three letters) the examples use, kept
        in the knowledge cache: working them out costs a tenth of a second."""
        key = self._cache_key
        name = cache.name_for("close-words", key)
        if key:
            kept = cache.read(name, key)
            if isinstance(kept, dict):
                return kept
        known = sorted(w for w in self.examples.words if " " not in w and len(w) > 3)
        close = {
            word: [found[0] for found in self._close_matches(word)]
            for word in known
            if word not in _STOPWORDS
        }
        if key:
            cache.write(name, key, close)
        return close

    def _close_matches(self, word: str) -> list[tuple[str, float, int]]:
        """The alias words ``word`` may misspell, closest first."""
        return process.extract(word, self.all_words, scorer=fuzz.ratio, score_cutoff=85, limit=None)

    def rank(
        self, text: str, boosts: Mapping[str, tuple[float, float]] | None = None
    ) -> list[Match]:
        """All topics, best first. ``boosts``: per topic id, the score and evidence the
        story's irregularities add (or take away) - worked out by the caller from data."""
        query = self.normalise(text)
        best, keywords, learned = self._scores(query)
        boosts = boosts or {}
        none = (0.0, 0.0)
        scores: list[float] = []
        evidences: list[float] = []
        for topic, alias, keyword, covered in zip(
            self.topics, best, keywords, self.covered, strict=True
        ):
            score = alias + KEYWORD_WEIGHT * keyword
            if not covered:
                score -= SUBJECT_HANDICAP
            extra, weight = boosts.get(topic.id, none)
            scores.append(score + extra)
            evidences.append(keyword + weight)
        leader = max(range(len(scores)), key=scores.__getitem__)
        subject_leads = not self.covered[leader]
        most = max(learned, default=0.0)
        ranked = []
        for topic, score, evidence, taught, covered in zip(
            self.topics, scores, evidences, learned, self.covered, strict=True
        ):
            if not covered:  # the examples only order the topics: they never overturn
                taught = most if subject_leads else 0.0  # a subject the aliases put first
            kept = round(evidence, 2) if evidence else evidence  # most share no alias word
            ranked.append(Match(topic, _tenths(score + taught), kept, taught))
        ranked.sort(key=_score, reverse=True)
        return ranked

    def bounds(self, text: str, boosts: Mapping[str, tuple[float, float]] | None = None) -> Bounds:
        """What ``rank`` would give each topic, before any alias is compared (``Bounds``).
        A story that proves an irregularity is often settled on these alone, and most
        others after comparing the aliases of two or three topics (``Dialogue``)."""
        query = self.normalise(text)
        keywords = self._keywords(self._alias_words(query))
        return Bounds(self, query, keywords, self._learned(query), boosts or {})

    def _learned(self, query: str) -> list[float]:
        """Per topic, the points the examples give it (before a subject's share)."""
        belief = self.examples.posterior(query)
        worth = weight(query)
        return [worth * belief.get(t.id, 0.0) for t in self.topics]

    def _scores(self, query: str) -> tuple[list[float], list[float], list[float]]:
        """Per topic: its closest alias's score, its keyword credit and what the examples
        give it. The last few queries are kept: one message may be ranked twice (as an
        answer, then as a new incident)."""
        scores = self._recent.get(query)
        if scores is None:
            scores = (
                self._alias_scores(query),
                self._keywords(self._alias_words(query)),
                self._learned(query),
            )
            with self._recent_lock:
                while len(self._recent) >= RECENT_QUERIES:
                    del self._recent[next(iter(self._recent))]
                self._recent[query] = scores
        return scores

    def _alias_scores(self, query: str) -> list[float]:
        """Per topic, how closely the description matches its closest alias (0-100)."""
        return self.alias_scores.best(query)

    def _keywords(self, found: list[list[str]]) -> list[float]:
        """Per topic: for each query word, the rarity of the first alias word it stands for
        that the topic uses, summed in the order of ``found``."""
        keywords = [0.0] * len(self.topics)
        for candidates in found:
            credited: dict[int, float] = {}
            for word in candidates:
                for index in self.word_topics.get(word, ()):
                    credited.setdefault(index, self.rarity[word])
            for index, rarity in credited.items():
                keywords[index] += rarity
        return keywords

    def _alias_words(self, query: str) -> list[list[str]]:
        """For each query word, the alias words it stands for, closest first.

        Exact for short words; words over three letters also match alias words
        they misspell. Words that only one topic uses ("pulled", "seven",
        "simultaneous") count most in ``rank``; words every topic uses, little.
        """
        found: list[list[str]] = []
        for word in set(_words(query)):
            if len(word) <= 3:
                if word in self.rarity:
                    found.append([word])
                continue
            close = self._close_words.get(word)
            if close is None:
                if len(self._close_words) > 10_000:
                    self._close_words.clear()
                matches = self._close_matches(word)
                close = self._close_words[word] = [match[0] for match in matches]
            if close:
                found.append(close)
        return found


RECENT_QUERIES = 16
"""Queries whose scores ``TopicMatcher`` keeps (a message is ranked at most twice in a row)."""
_SPLIT_BY_PYTHON_ONLY = ("\x85", "\xa0")
"""Characters ``str.split`` breaks words on and rapidfuzz does not (the only two): a text
holding one is scored alias by alias, so ``AliasScores`` always splits as rapidfuzz does."""


@dataclass(frozen=True)
class _WordGroup:
    """The aliases using one word, ready to compare with any description using it too."""

    alone: list[int]
    """Topics with an alias that is this word alone."""
    strings: list[str]
    """Each other alias's other words (sorted)."""
    lengths: list[int]
    """Each such alias's words joined (its length as token_set_ratio sees it)."""
    alias: list[int]
    """Each such alias's position in ``AliasScores.texts``."""
    topic: list[int]
    floors: list[tuple[int, float]]
    """Per topic: the best length-only ratio of its aliases to the shared word."""
    longest: int


class AliasScores:
    """Each topic's best ``fuzz.token_set_ratio`` over its aliases: the very numbers of one
    call per alias, for half the CPU (a thousand aliases cost 1.3 ms a message that way).

    token_set_ratio takes each text's words, once each and sorted; with S the words both
    use, it is 100 when one text's words hold the other's, else the best of three ratios
    ``100 - 100 * distance / length``: one from the indel distance of the description's
    words outside S to the alias's words outside S, two from lengths alone. Most of its
    cost is splitting and joining the alias again at every call. Here the aliases' words
    are sorted once (and, per word, the rest of each alias using it); per description:
    the length-only ratios first, then token_set_ratio itself for the few aliases sharing
    two words or more, then one batched indel-distance call per shared word for the
    aliases sharing just that one, and per topic the closest alias sharing none. The
    batches skip what cannot beat a topic's best so far, and a score is worked out with
    token_set_ratio's formula on the same integers, so it is the same float.
    """

    def __init__(self, aliases: list[list[str]]) -> None:
        """``aliases``: per topic, its aliases (already normalised)."""
        self.by_topic = aliases
        self.texts = [text for texts in aliases for text in texts]
        self.topic = [index for index, texts in enumerate(aliases) for _ in texts]
        words = [sorted(set(text.split())) for text in self.texts]
        self.words = [" ".join(w) for w in words]
        """Each alias as token_set_ratio sees it: its words, once each, sorted."""
        self.topic_aliases: list[range] = []
        """Per topic, its aliases' positions in ``texts``."""
        for texts in aliases:
            start = self.topic_aliases[-1].stop if self.topic_aliases else 0
            self.topic_aliases.append(range(start, start + len(texts)))
        self.topic_longest = [
            max((len(self.words[i]) for i in p), default=0) for p in self.topic_aliases
        ]
        self.topic_words = [[self.words[i] for i in p] for p in self.topic_aliases]
        """Per topic, its aliases' ``words``: the list to compare when none shares a word."""
        self.holders: dict[str, list[int]] = {}
        """Word -> the aliases (positions in ``texts``) that use it."""
        for index, alias_words in enumerate(words):
            for word in alias_words:
                self.holders.setdefault(word, []).append(index)
        self._groups: dict[str, _WordGroup] = {}
        """Filled on first use: a command asked once pays only for its description's words."""
        self.odd_spaces = any(c in text for text in self.texts for c in _SPLIT_BY_PYTHON_ONLY)

    def warm_up(self) -> None:
        """Sort every alias word's group now (a served bot, before its first user)."""
        for word in self.holders:
            self._group(word)

    def best(self, query: str) -> list[float]:
        """Per topic, its closest alias's token_set_ratio with ``query``."""
        if self.odd_spaces or any(c in query for c in _SPLIT_BY_PYTHON_ONLY):
            return [self._plain(query, aliases) for aliases in self.by_topic]
        best = [0.0] * len(self.by_topic)
        words = sorted(set(query.split()))
        if not words:
            return best  # token_set_ratio of a text without words is 0
        joined = " ".join(words)
        groups = [(word, self._group(word)) for word in words if word in self.holders]
        for word, group in groups:  # the ratios that need lengths alone
            if len(words) == 1:  # the description is this word alone: inside every alias
                for position in self.holders[word]:
                    best[self.topic[position]] = 100.0
                continue
            for index in group.alone:
                best[index] = 100.0
            own = _length_ratio(len(word), len(joined) - len(word) - 1)
            for index, floor in group.floors:  # max(best, own, floor), without a call
                if floor < own:
                    floor = own
                if best[index] < floor:
                    best[index] = floor
        shared = Counter(chain.from_iterable(self.holders[word] for word, _ in groups))
        ordered = [i for i, count in shared.items() if count > 1]
        several = set(ordered)
        # token_set_ratio reads each text's set of words alone: the sorted words say the same
        for _, score, position in process.extract(
            joined, [self.words[i] for i in ordered], scorer=fuzz.token_set_ratio, limit=None
        ):
            index = self.topic[ordered[position]]
            best[index] = max(best[index], float(score))
        if len(words) > 1:
            place = {w: i for i, w in enumerate(words)}
            for word, group in groups:
                if group.strings:  # the other words: ``words`` holds each word once
                    others = " ".join(words[: place[word]] + words[place[word] + 1 :])
                    self._raise(best, others, len(joined), group, several)
        # the aliases sharing no word: the indel ratio of both texts' sorted words alone,
        # fuzz.ratio's; each topic's best such alias is enough. Texts of lengths m < n are
        # at least n - m apart, so no alias of a topic whose longest is m scores over 200m/(m+n).
        touched = {self.topic[i] for i in shared}
        for index, positions in enumerate(self.topic_aliases):
            longest = self.topic_longest[index]
            if longest < len(joined) and 200 * longest / (longest + len(joined)) < best[index]:
                continue
            if index in touched:
                strings = [self.words[i] for i in positions if i not in shared]
            else:
                strings = self.topic_words[index]
            closest = process.extractOne(
                joined, strings, scorer=fuzz.ratio, score_cutoff=best[index]
            )
            if closest is not None:
                length = len(joined) + len(closest[0])
                best[index] = max(best[index], _ratio(closest[1], length))
        return best

    @staticmethod
    def _raise(
        best: list[float], description: str, length: int, group: _WordGroup, several: set[int]
    ) -> None:
        """Raise ``best`` by the indel ratios of ``group``'s aliases that share no other word
        with the description (``description``: its other words; ``length``: all its words
        joined), asking only for those that may beat their topic's best so far."""
        cutoff = min(best[index] for index, _ in group.floors)
        farthest = math.floor((100 - cutoff) * (length + group.longest) / 100) + 1
        alias, lengths, topic = group.alias, group.lengths, group.topic
        for _, distance, position in process.extract(
            description, group.strings, scorer=Indel.distance, limit=None, score_cutoff=farthest
        ):
            if alias[position] not in several:
                score = 100 - 100 * distance / (length + lengths[position])
                if score > best[topic[position]]:
                    best[topic[position]] = score

    def _group(self, word: str) -> _WordGroup:
        group = self._groups.get(word)
        if group is None:
            alone, strings, lengths, alias, topic = [], [], [], [], []
            floors: dict[int, float] = {}
            for position in self.holders[word]:
                index = self.topic[position]
                others = " ".join(w for w in self.words[position].split(" ") if w != word)
                if not others:
                    alone.append(index)
                    continue
                strings.append(others)
                lengths.append(len(self.words[position]))
                alias.append(position)
                topic.append(index)
                floor = _length_ratio(len(word), len(others))
                floors[index] = max(floors.get(index, 0.0), floor)
            group = _WordGroup(
                alone, strings, lengths, alias, topic, list(floors.items()), max(lengths, default=0)
            )
            self._groups[word] = group  # threads that build it at once build the same
        return group

    def one(self, query: str, index: int) -> float:
        """The topic's entry of ``best(query)``, for that topic alone."""
        return self._plain(query, self.by_topic[index])

    @staticmethod
    def _plain(query: str, aliases: list[str]) -> float:
        best = process.extractOne(query, aliases, scorer=fuzz.token_set_ratio)
        return float(best[1]) if best else 0.0


def _length_ratio(shared: int, other: int) -> float:
    """token_set_ratio's ratio of the shared words (``shared`` characters joined) to them
    followed by one side's ``other`` characters: it needs no comparison, only lengths."""
    return 100 - 100 * (1 + other) / (2 * shared + 1 + other)


def _ratio(ratio: float, length: int) -> float:
    """token_set_ratio's own float for an indel ratio ``fuzz.ratio`` found between strings
    of ``length`` characters together: the same distance, its formula (``fuzz.ratio``
    rounds in another order, so its float may differ in the last bit)."""
    distance = round((100 - ratio) * length / 100)
    return 100 - 100 * distance / length


def _normalised_aliases(
    knowledge: Knowledge, normalise: Normaliser, topics: list[Topic | Subject]
) -> tuple[dict[str, list[str]], dict[str, set[str]]]:
    """Every topic's title and aliases through the jargon list, and the words they use: a
    thousand aliases times dozens of patterns (and splitting them again was a tenth of a
    one-message command's start), so kept in the cache with the knowledge they come from."""
    digest = hashlib.sha256(knowledge.fingerprint.encode())
    for rule in knowledge.jargon:
        digest.update(f"{rule.pattern}\0{rule.means}\0".encode())
    key = cache.fingerprint(()) + digest.hexdigest()
    name = cache.name_for("aliases", key)
    stored = cache.read(name, key)
    if isinstance(stored, tuple):
        return stored
    aliases = {t.id: [normalise(a) for a in (t.title, *t.aliases)] for t in topics}
    words = {tid: {w for alias in texts for w in _words(alias)} for tid, texts in aliases.items()}
    cache.write(name, key, (aliases, words))
    return aliases, words


def _alias_score(alias: str, query: str) -> float:
    """How strongly a description contains an alias (100: all its words are there)."""
    return float(fuzz.token_set_ratio(alias, query))
