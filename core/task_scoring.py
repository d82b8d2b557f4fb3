"""How sure a noticed to-do is (seed 000: signal strength * 0.6 + entity density * 0.25 +
recency * 0.15), its priority, and whether two titles are one to-do said twice."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.due import Due
from core.model import TaskPriority

# Being somewhere is done: "I need to be at the airport by 6am" (not "be at my best").
_SOMEWHERE = re.compile(r"be\s+at\s+(?!(?:my|our|your)\s+best\b|peace\b|ease\b)")
# Speech acts and states, not things to do: "I have to say...", "I need to be honest".
_NOT_ACTIONS = frozenset(
    "say admit agree disagree confess tell know hear be mention thank love pretend imagine "
    # Moods and thoughts: "I need to vent", "let's think about this differently", "I have to
    # wonder why".
    "think vent rant breathe relax calm chill reflect understand feel wonder guess suppose "
    "assume".split()
)
# ...but telling or thanking someone is one: "Tell Tom about the party", "Thank Sarah for the
# gift" (not "tell you something", "tell the truth").
_TOLD = re.compile(
    r"(?:tell|thank|mention\s+\S+(?:\s+\S+)?\s+to)\s+(?!(?:you|u|ya|yourself|the\s+truth|a\s+"
    r"(?:story|joke|lie)|the\s+difference|myself|everyone)\b)(?:my\s+|the\s+|our\s+)?[a-z]{2,}"
)
# Alone, leaving, resting or talking ("Gotta go", "I need to sleep", "We need to talk", "I'll
# have to see") is no action to keep; with whom or what, it is ("I need to talk to my
# landlord").
_LEAVING = frozenset("go run leave sleep rest talk chat meet see".split())
_STOPWORDS = frozenset(
    "a an the my our your his her their its this that these those to for of on in at with about "
    "and or some more up out back from by before after again all me us him them it so too very "
    "while when once there here now later soon is are due".split()
)
_VAGUE = frozenset("it that this something stuff things them everything anything".split())
WORD = re.compile(r"[a-z0-9']+")


@dataclass(frozen=True, slots=True)
class TaskConfig:
    """Seed 000's weights and thresholds. A stated deadline makes an intention a plan, and an
    instruction opening a sentence is meant as one: either adds to the signal's strength."""

    threshold: float = 0.70
    high_priority: float = 0.85
    signal_weight: float = 0.60
    entity_weight: float = 0.25
    recency_weight: float = 0.15
    deadline_bonus: float = 0.10
    # Weaker mentions are kept out of sight so a second mention can reinforce them.
    remember_from: float = 0.55
    same_task_overlap: float = 0.5


DEFAULT_TASKS = TaskConfig()


@dataclass(frozen=True, slots=True)
class TaskSignal:
    """One phrase that reads like a to-do, before it is scored."""

    title: str
    pattern: str
    strength: float
    entity_density: float
    due: Due | None
    directive: bool = False
    # A reminder asked for before the deadline ("... by Friday. Remind me on Thursday.").
    remind: Due | None = None


def entity_density(
    title: str, known_entities: frozenset[str] = frozenset(), a_thing: bool = False
) -> float:
    """How concrete the task is: 1.0 when it names something (a known entity, a person, a
    thing to act on, or it is a thing one has with its day, `a_thing`: "Party", "Haircut"),
    0.5 when its object is only "it" or "that" or it is an action alone ("stretch",
    "meditate"), 0 when there is none."""
    lowered = title.lower()
    words = WORD.findall(lowered)
    if a_thing and words:
        return 1.0
    if not words or (
        words[0] in _NOT_ACTIONS and not _SOMEWHERE.match(lowered) and not _TOLD.match(lowered)
    ):
        return 0.0
    if any(entity.lower() in lowered for entity in known_entities):
        return 1.0
    rest = words[1:]
    if any(w not in _STOPWORDS and w not in _VAGUE for w in rest):
        return 1.0
    alone = not {words[0]} & (_STOPWORDS | _VAGUE | _LEAVING)
    return 0.5 if alone or any(w in _VAGUE for w in rest) else 0.0


def task_confidence(
    signal: TaskSignal, mentioned_before: bool, config: TaskConfig = DEFAULT_TASKS
) -> float:
    bonus = config.deadline_bonus if signal.due or signal.directive else 0.0
    strength = min(1.0, signal.strength + bonus)
    # A reminder asked for with its time lands however little it says ("Remind me at 5 to
    # leave"): "I need to leave" is no to-do.
    asked = 0.5 if signal.directive and signal.due else 0.0
    score = (
        config.signal_weight * strength
        + config.entity_weight * max(signal.entity_density, asked)
        + config.recency_weight * (1.0 if mentioned_before else 0.0)
    )
    return round(score, 4)


def priority_for(confidence: float, config: TaskConfig = DEFAULT_TASKS) -> TaskPriority:
    return TaskPriority.HIGH if confidence >= config.high_priority else TaskPriority.MEDIUM


def task_words(title: str) -> frozenset[str]:
    """The words that identify a task, for spotting the same task said differently."""
    return frozenset(w.rstrip("s") for w in WORD.findall(title.lower()) if w not in _STOPWORDS)


def same_task(a: str, b: str, config: TaskConfig = DEFAULT_TASKS) -> bool:
    words_a, words_b = task_words(a), task_words(b)
    if not words_a or not words_b:
        return False
    overlap = len(words_a & words_b) / min(len(words_a), len(words_b))
    return overlap >= config.same_task_overlap and len(words_a & words_b) >= min(
        2, len(words_a), len(words_b)
    )
