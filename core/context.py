"""The prompt, assembled in seed 000's five layers from most stable to most ephemeral, each under
its token budget: procedural 300, active project + core memory 600, retrieved memories 1,200,
document chunks 800, recent conversation 1,500. Budgets shrink with a small model context and
always leave room for the reply. Over budget, the lowest-scored items go first; the last three
turns of the conversation and pinned core memory always stay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from pathlib import Path

from core.llm import ChatMessage
from core.local_time import days_told, due_text, overdue
from core.model import Memory, MemoryKind, Role, Task, TaskStatus, Turn
from core.prompts.chat import SystemPromptParts, system_prompt
from core.retrieval.scoring import SearchResult
from core.store.working_items import TASK_PREFIX
from core.tokens import TokenCounter, count_up_to, fair_cap, head_within
from core.wording import counted

# Chat templates wrap every message in a few tokens of their own.
MESSAGE_OVERHEAD_TOKENS = 4


class Layer(StrEnum):
    PROCEDURAL = "procedural"
    PROJECT = "project"
    MEMORIES = "memories"
    DOCUMENTS = "documents"
    RECENT = "recent"


@dataclass(frozen=True, slots=True)
class ContextBudgets:
    procedural: int = 300
    project: int = 600
    memories: int = 1200
    documents: int = 800
    recent: int = 1500
    reply: int = 512
    protected_turns: int = 3
    # A reasoning model thinks before it answers, inside the same generation: room for that
    # on top of the reply, at most a quarter of the context (0 for other models once fitted).
    thinking: int = 1024

    def of(self, layer: Layer) -> int:
        return int(getattr(self, layer.value))

    @property
    def generation(self) -> int:
        """What the model may write: its answer, and a reasoning model's thought before it."""
        return self.reply + self.thinking

    @property
    def layers_total(self) -> int:
        return sum(self.of(layer) for layer in Layer)

    def scaled(self, factor: float) -> ContextBudgets:
        return replace(self, **{layer.value: int(self.of(layer) * factor) for layer in Layer})


DEFAULT_BUDGETS = ContextBudgets()
# Less room than this holds not even the head of a memory with its fence.
MIN_ITEM_TOKENS = 16
THINKING_SHARE = 4
# The open to-dos a prompt lists (the most urgent): a long inbox must not crowd out the rest.
MAX_TO_DOS = 8
# Ranked above any retrieved memory (scores stay well under 10), below pinned core memory.
TO_DO_SCORE = 100.0


@dataclass(frozen=True, slots=True)
class ContextItem:
    """One piece of a layer: a memory, a working-set note or a turn, with its cost and rank."""

    layer: Layer
    text: str
    tokens: int
    score: float
    memory_id: str | None = None
    turn_id: str | None = None
    role: Role | None = None


@dataclass(frozen=True, slots=True)
class LayerView:
    layer: Layer
    budget: int
    items: tuple[ContextItem, ...]
    dropped: int

    @property
    def tokens(self) -> int:
        return sum(item.tokens for item in self.items)


@dataclass(frozen=True, slots=True)
class AssembledContext:
    layers: tuple[LayerView, ...]
    messages: tuple[ChatMessage, ...]
    budgets: ContextBudgets
    fixed_tokens: int
    warnings: tuple[str, ...] = ()

    @property
    def total_tokens(self) -> int:
        return self.fixed_tokens + sum(view.tokens for view in self.layers)

    def layer(self, layer: Layer) -> LayerView:
        return next(view for view in self.layers if view.layer is layer)


@dataclass(frozen=True, slots=True)
class ContextInputs:
    """Everything a turn's prompt is made from, already retrieved."""

    user_message: str
    now: datetime
    results: Sequence[SearchResult] = ()
    core: Sequence[Memory] = ()
    # The to-dos open in the inbox, most urgent first: "what's on my list?" is answered from
    # them, and manager mode (seed 000) is about pending tasks.
    to_dos: Sequence[Task] = ()
    working: Sequence[ContextItem] = ()
    recent_turns: Sequence[Turn] = ()
    project: str | None = None
    assistant_name: str = "Engram"
    extra_warnings: Sequence[str] = ()
    # The model reasons before answering (its template knows `<think>`).
    thinks: bool = False


def todo_line(task: Task, now: datetime) -> str:
    """An open to-do as fenced data, with its state and deadline (and whether it passed)."""
    state = "tracked" if task.status is TaskStatus.CONFIRMED else "suggested"
    due = ""
    if task.due_at is not None:
        late = ", overdue" if overdue(task.due_at, now) else ""
        due = f' due="{due_text(task.due_at)}{late}"'
    title = task.title.replace("<", "&lt;")
    return f'<todo state="{state}"{due}>{title}</todo>'


def fence(memory: Memory, kind_label: str, text: str | None = None) -> str:
    """Memory text (or `text`, the part of it a search brought) as labelled data. Angle
    brackets inside are escaped so remembered text can never close the fence and pass itself
    off as instructions."""
    body = (memory.content if text is None else text).replace("<", "&lt;")
    # Told on another day than it happened ("I ran a race last Saturday"): both, so the model
    # can say when.
    date, told_on = days_told(memory.valid_from, memory.created_at)
    told = f' told="{told_on}"' if told_on else ""
    name = Path(memory.source_path).name if memory.source_path else ""
    name = name.replace('"', "'").replace("<", "&lt;")
    source = f' source="{name}"' if name else ""
    opening = (
        f'<{kind_label} id="{memory.id}" kind="{memory.kind.value}" date="{date}"{told}{source}>'
    )
    return f"{opening}\n{body}\n</{kind_label}>"


def message_for_model(text: str, tokens: int, count: TokenCounter) -> tuple[str, str | None]:
    """A message as the model is shown it: whole, or the head of a huge one that fits
    `tokens`, marked as cut; with, then, a word for the user, who would not know otherwise."""
    head = head_within(text, tokens, count)
    if head == text:
        return text, None
    return (
        f"{head}\n[... {len(text) - len(head)} more characters not shown to the model]",
        f"The model read the first {len(head):,} of this message's {len(text):,} characters: "
        "more would not fit its context. All of it is kept.",
    )


def _layer_of(result: SearchResult, project: str | None) -> Layer:
    kind = result.memory.kind
    if kind is MemoryKind.PROCEDURAL:
        return Layer.PROCEDURAL
    if kind is MemoryKind.DOCUMENT:
        return Layer.DOCUMENTS
    if project is not None and kind is MemoryKind.SEMANTIC and result.memory.project == project:
        return Layer.PROJECT
    return Layer.MEMORIES


class ContextAssembler:
    def __init__(self, count_tokens: TokenCounter, budgets: ContextBudgets = DEFAULT_BUDGETS):
        self._count = count_tokens
        self.budgets = budgets
        # The context size of the prompt being assembled: nothing longer can be used whole.
        self._room = 1 << 30

    def _item(
        self,
        layer: Layer,
        text: str,
        score: float,
        memory_id: str | None = None,
        turn: Turn | None = None,
    ) -> ContextItem:
        tokens = count_up_to(self._count, text, self._room) + (
            MESSAGE_OVERHEAD_TOKENS if turn else 1
        )
        return ContextItem(
            layer,
            text,
            tokens,
            score,
            memory_id,
            turn.id if turn else None,
            turn.role if turn else None,
        )

    def budgets_for(
        self, context_size: int, fixed_tokens: int, *, thinks: bool = False
    ) -> ContextBudgets:
        """The default budgets, shrunk in proportion when the model's context cannot hold
        them next to the fixed prompt and the reply (for a reasoning model, the reply and
        its thinking: cut at 512 tokens, most of its replies would end mid-thought)."""
        room = min(self.budgets.thinking, context_size // THINKING_SHARE) if thinks else 0
        budgets = replace(self.budgets, thinking=room)
        available = max(0, context_size - fixed_tokens - budgets.generation)
        factor = min(1.0, available / budgets.layers_total)
        return budgets.scaled(factor)

    def assemble(self, inputs: ContextInputs, context_size: int) -> AssembledContext:
        self._room = context_size
        warnings = list(inputs.extra_warnings)
        parts = SystemPromptParts(inputs.assistant_name, inputs.now, inputs.project)
        bare = system_prompt(parts, {})
        fixed = self._count(bare) + self._count(inputs.user_message) + 2 * MESSAGE_OVERHEAD_TOKENS
        budgets = self.budgets_for(context_size, fixed, thinks=inputs.thinks)
        room = max(0, context_size - fixed - budgets.generation)
        others = [Layer.PROCEDURAL, Layer.PROJECT, Layer.MEMORIES, Layer.DOCUMENTS]
        grouped = self._grouped(inputs, others)
        core = [
            self._item(Layer.PROJECT, fence(m, "core"), float("inf"), memory_id=m.id)
            for m in inputs.core
        ]
        core_tokens = sum(i.tokens for i in core)
        # What the other layers hold, up to their budgets, is not the recent turns' to take:
        # two long replies at 2,048 tokens of context left no memory in the prompt. The last
        # three turns are cut instead (their heads kept), never below their own budget.
        # Pinned core memory stays whole, over its budget too.
        held = {layer: sum(i.tokens for i in grouped[layer]) for layer in others}
        held[Layer.PROJECT] += core_tokens
        claimed = sum(min(budgets.of(layer), held[layer]) for layer in others)
        claimed += max(0, core_tokens - budgets.project)
        recent, recent_dropped = self._recent(inputs, budgets, max(budgets.recent, room - claimed))
        views = []
        for layer in others:
            items = grouped[layer]
            if layer is Layer.PROJECT:
                if core_tokens > budgets.project:
                    warnings.append(
                        f"Core memory (what you pinned, and who you are) uses {core_tokens} "
                        f"tokens, more than the {budgets.project} this model's context leaves it: "
                        "unpin something, or choose a larger context size in Settings."
                    )
                kept, dropped = self._fit(items, max(0, budgets.project - core_tokens))
                views.append(LayerView(layer, budgets.of(layer), (*core, *kept), dropped))
                continue
            kept, dropped = self._fit(items, budgets.of(layer))
            views.append(LayerView(layer, budgets.of(layer), tuple(kept), dropped))
            if layer is Layer.MEMORIES and items and budgets.memories <= MIN_ITEM_TOKENS:
                warnings.append(
                    f"This model's context of {context_size:,} tokens leaves no room for what "
                    f"was recalled ({counted(len(items), 'memory')}): the reply is written "
                    "without memory. Choose a larger context size in Settings."
                )
        views.append(LayerView(Layer.RECENT, budgets.recent, tuple(recent), recent_dropped))
        sections = {
            view.layer.value: [i.text for i in view.items if i.turn_id is None] for view in views
        }
        messages = [ChatMessage("system", system_prompt(parts, sections))]
        for item in (i for i in recent if i.turn_id is not None):
            messages.append(ChatMessage(item.role.value if item.role else "user", item.text))
        messages.append(ChatMessage("user", inputs.user_message))
        return AssembledContext(tuple(views), tuple(messages), budgets, fixed, tuple(warnings))

    def _grouped(
        self, inputs: ContextInputs, layers: Sequence[Layer]
    ) -> dict[Layer, list[ContextItem]]:
        """The retrieved memories by the layer each goes to, and the open to-dos above any
        memory of the project, the most urgent first."""
        grouped: dict[Layer, list[ContextItem]] = {layer: [] for layer in layers}
        grouped[Layer.PROJECT] = [
            self._item(
                Layer.PROJECT,
                todo_line(task, inputs.now),
                TO_DO_SCORE - rank,
                # As the working set names it: a to-do in play there is used here.
                memory_id=TASK_PREFIX + task.id,
            )
            for rank, task in enumerate(inputs.to_dos)
        ]
        pinned = {m.id for m in inputs.core}
        # A pinned memory a search also found is in the prompt once, as core memory.
        for result in (r for r in inputs.results if r.memory.id not in pinned):
            layer = _layer_of(result, inputs.project)
            label = "document" if layer is Layer.DOCUMENTS else "memory"
            grouped[layer].append(
                self._item(
                    layer,
                    fence(result.memory, label, result.text),
                    result.score,
                    memory_id=result.memory.id,
                )
            )
        return grouped

    def _fit(self, items: Sequence[ContextItem], budget: int) -> tuple[list[ContextItem], int]:
        """Drop the lowest-scored items until the rest fit; the survivors keep their order.
        Room a long item left when it went is given back to the best dropped ones that fit
        in it (a short fact need not go because a long exchange above it did). When even the
        best item alone is too long, its head is kept rather than nothing."""
        kept = list(items)
        while kept and sum(i.tokens for i in kept) > budget:
            # By position: `remove` compared whole items, field by field, with each before it.
            del kept[min(range(len(kept)), key=lambda n: kept[n].score)]
        room = budget - sum(i.tokens for i in kept)
        place = {id(item): n for n, item in enumerate(items)}
        survivors = {id(item) for item in kept}
        for item in sorted((i for i in items if id(i) not in survivors), key=lambda i: -i.score):
            if item.tokens <= room:
                kept.append(item)
                room -= item.tokens
        kept.sort(key=lambda item: place[id(item)])
        if not kept and items and budget > MIN_ITEM_TOKENS:
            kept = [self._shorten(max(items, key=lambda i: i.score), budget)]
        return kept, len(items) - len(kept)

    def _shorten(self, item: ContextItem, tokens: int) -> ContextItem:
        """The head of an item that cannot fit whole, marked as cut. A fenced memory keeps
        its closing tag, so cutting never opens the fence."""
        text, closing = item.text, ""
        if item.memory_id and "\n</" in text:
            text, closing = text.rsplit("\n", 1)
            closing = "\n" + closing
        overhead = MESSAGE_OVERHEAD_TOKENS if item.turn_id else 1
        text = head_within(text, tokens - overhead - 3, lambda t: self._count(t + closing))
        text = f"{text} [...]{closing}"
        return replace(item, text=text, tokens=self._count(text) + overhead)

    def _recent(
        self, inputs: ContextInputs, budgets: ContextBudgets, room: int
    ) -> tuple[list[ContextItem], int]:
        """Newest turns first down to the protected three, then the working set by rank,
        then older turns while the budget lasts. Returned in conversation order. Protected
        turns longer together than `room` are cut (the longest first), never left out."""
        # A turn whose words were forgotten is blank: nothing of it is said again.
        turns = [
            self._item(Layer.RECENT, t.text, 0.0, turn=t) for t in inputs.recent_turns if t.text
        ]
        protected = turns[-budgets.protected_turns :] if budgets.protected_turns else []
        if sum(t.tokens for t in protected) > room:
            cap = fair_cap([t.tokens for t in protected], room)
            protected = [t if t.tokens <= cap else self._shorten(t, cap) for t in protected]
        older = turns[: len(turns) - len(protected)]
        used = sum(t.tokens for t in protected)
        chosen_working = []
        for item in sorted(inputs.working, key=lambda i: i.score, reverse=True):
            if used + item.tokens <= budgets.recent:
                chosen_working.append(item)
                used += item.tokens
        chosen_older = []
        for turn in reversed(older):
            if used + turn.tokens > budgets.recent:
                break
            chosen_older.insert(0, turn)
            used += turn.tokens
        dropped = len(older) - len(chosen_older) + len(inputs.working) - len(chosen_working)
        return [*chosen_working, *chosen_older, *protected], dropped
