"""What the speaker does as a rule ("I usually wake up at 6", "I go to the gym every morning",
"Every Friday I do the groceries"): a procedural memory, the "how this user's days go" the
prompt's first layer is for. Told of the speaker in the third person, the verb agreeing."""

from __future__ import annotations

import re

# Verbs whose "always" or "every day" tells a state or a thought, not a thing done as a rule
# ("I always forget", "I usually think", "I never know"), that are not a verb's plain form, or
# that deny it ("I no longer play tennis on weekends").
_NOT_DONE = frozenset(
    "am was were be been is are had did don doesn can could will would should shall may "
    "might must need want wish hope think feel know believe guess suppose mean say tell love like "
    "hate prefer enjoy try forget remember wonder worry agree see understand also just really "
    "still never sometimes used got went made took saw came ran ate drank bought thought felt "
    "said told left found gave knew met paid sat slept spent stood taught won wrote began "
    "brought built caught chose drove fell flew forgot grew heard kept lost rode sang sent shot "
    "spoke swam threw woke wore let get no not didn isn aren wasn weren haven hasn cannot".split()
)
_SOMEONE = re.compile(r"(?:a|an|their|the)\s+(?!(?:point|difference|problem|way)\b)", re.I)
_SAYS_LITTLE_ALONE = frozenset({"go", "do", "have", "make", "take", "come", "put"})
_IRREGULAR = {"go": "goes", "do": "does", "have": "has", "be": "is"}
# "I practice and train every day": two verbs, only one of which would agree.
_JOINED = re.compile(r"^(?:and|or|but)\b", re.I)
# "I have to walk the dog every day" is a duty, "I have been running every day" a stretch,
# "I do not ..." is not done.
_NOT_A_HABIT = re.compile(r"^\s*(?:not|n't)\b|^\s*(?:to|been|got|gotten)\b", re.I)


def agreeing(verb: str) -> str:
    """The third person's form: "go" -> "goes", "watch" -> "watches", "study" -> "studies"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def routine(who: str, groups: dict[str, str | None]) -> str | None:
    """The telling of a routine the `routine` rule matched, or None for what is not one: no
    "usually" nor "every ...", a verb not in its plain form, a duty ("have to")."""
    verb = (groups.get("verb") or "").lower()
    often = " ".join((groups.get("adv") or "").lower().split())
    every = " ".join((groups.get("freq") or "").split())
    rest = " ".join((groups.get("value") or "").split())
    # A day's hour is kept as said ("I get up at 6"): its rule reads its verbs only.
    clock = groups.get("clock")
    # "I see a therapist every Tuesday" is done; "I see" alone is understood.
    seen = verb == "see" and _SOMEONE.match(rest)
    if not (often or every or clock) or (verb in _NOT_DONE and not (clock or seen)):
        return None
    if verb.endswith(("ed", "ing")):
        return None
    if (verb in ("have", "do") and _NOT_A_HABIT.match(rest)) or len(rest) > 80:
        return None
    if _JOINED.match(rest) or (verb in _SAYS_LITTLE_ALONE and not rest):
        return None  # "I go every week": where?
    # "I tend to procrastinate": the tending agrees, the verb stays as it is.
    done = ["tends to", verb] if often == "tend to" else [often, agreeing(verb)]
    after = " ".join((groups.get("after") or "").split())
    words = [who, *done, rest, every[:1].lower() + every[1:], after]
    return " ".join(word for word in words if word)
