"""The whole memory as a map: every memory a point where UMAP put it (colour = kind, size =
importance, faint = faded), lines for supersedes / same-session / temporal / shared-name links,
a filter panel and a time scrubber that shows memory as it was on a day. 3D through OpenGL when
the machine offers it; otherwise the same map flattened to 2D, so the browser always works."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSlider,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from core.local_time import local
from core.model import MemoryKind
from core.viz import Graph, Node
from core.wording import counted
from ui.theme import KIND_COLOURS

NODE_ID = Qt.ItemDataRole.UserRole
MAX_LISTED = 500
# Colour channels of the 2D map's points move in steps of this much (of 255).
BRUSH_STEP = 16
# The scrubber redraws the map once it rests this long: dragging it across a large memory
# must not queue a full redraw for every day passed.
SCRUB_SETTLE_MS = 40
# The 3D map names the point under a pointer that rested this long.
HOVER_REST_MS = 150
MAP_NAME = "Memory map"


@dataclass(frozen=True, slots=True)
class MapArrays:
    """A graph's nodes as arrays, made once per graph: what the filters and the scrubber ask
    of every node is answered for all of them at once. Walking the nodes in Python on each
    step of the scrubber held the window ~0.7 s a step at 100,000 memories."""

    ids: tuple[str, ...]
    labels: tuple[str, ...]
    positions: np.ndarray  # (n, 3) float32
    colours: np.ndarray  # (n, 4) RGBA in 0..1; faded memories faint (alpha follows retention)
    importance: np.ndarray  # (n,)
    kinds: np.ndarray  # (n,) index into KINDS
    created: np.ndarray  # (n,) seconds since the epoch
    ended: np.ndarray  # (n,) seconds since the epoch, NaN while still true
    edges: np.ndarray  # (e, 2) index pairs into the nodes

    @classmethod
    def of(cls, graph: Graph) -> MapArrays:
        nodes = graph.nodes
        index = {n.id: i for i, n in enumerate(nodes)}
        palette = np.array(
            [[c.redF(), c.greenF(), c.blueF()] for c in map(QColor, map(KIND_COLOURS.get, KINDS))],
            dtype=np.float32,
        ).reshape(-1, 3)
        place = {kind: i for i, kind in enumerate(KINDS)}
        kinds = np.array([place[n.kind] for n in nodes], dtype=np.int16)
        retention = np.array([n.retention for n in nodes], dtype=np.float32)
        colours = np.c_[palette[kinds], 0.25 + 0.75 * retention].astype(np.float32)
        edges = [
            (index[e.source], index[e.target])
            for e in graph.edges
            if e.source in index and e.target in index
        ]
        return cls(
            tuple(n.id for n in nodes),
            tuple(n.label for n in nodes),
            np.array([n.position for n in nodes], dtype=np.float32).reshape(-1, 3),
            colours.reshape(-1, 4),
            np.array([n.importance for n in nodes], dtype=np.float32),
            kinds,
            _seconds(n.created_at for n in nodes),
            _seconds(n.valid_to for n in nodes),
            np.array(edges, dtype=np.int64).reshape(-1, 2),
        )


KINDS = tuple(MemoryKind)


def _seconds(times: Iterable[datetime | None]) -> np.ndarray:
    """Instants to compare in numpy (None = NaN: not yet replaced)."""
    return np.array([np.nan if t is None else t.timestamp() for t in times], dtype=np.float64)


@dataclass(frozen=True, slots=True)
class VisibleMap:
    """What the filters and the scrubber leave on screen."""

    nodes: tuple[Node, ...]
    index: np.ndarray  # each shown node's place in the graph (and its MapArrays)
    edges: np.ndarray  # (e, 2) index pairs into `nodes`


def visible_map(
    graph: Graph, arrays: MapArrays, kinds: set[MemoryKind], day: datetime | None
) -> VisibleMap:
    """Nodes of the chosen kinds as memory stood on `day` (created by then and not yet
    replaced; None = now), and the edges between them."""
    shown = np.isin(arrays.kinds, [KINDS.index(k) for k in kinds])
    if day is None:
        shown &= np.isnan(arrays.ended)
    else:
        at = day.timestamp()
        shown &= (arrays.created <= at) & (np.isnan(arrays.ended) | (arrays.ended > at))
    index = np.flatnonzero(shown)
    place = np.full(len(shown), -1, dtype=np.int64)
    place[index] = np.arange(len(index))
    edges = arrays.edges
    kept = edges[shown[edges[:, 0]] & shown[edges[:, 1]]]
    return VisibleMap(tuple(graph.nodes[i] for i in index), index, place[kept])


def nearest_on_screen(
    points: np.ndarray,
    transform: np.ndarray,
    size: tuple[float, float],
    click: tuple[float, float],
    radius: float = 10.0,
) -> int | None:
    """Index of the 3D point drawn nearest to a click (within `radius` pixels), given the
    view's projection x view `transform` (4x4, row-major) and the viewport size."""
    if not len(points):
        return None
    clip = np.c_[points, np.ones(len(points))] @ transform.T
    visible = clip[:, 3] > 1e-9
    ndc = clip[:, :3] / np.where(visible, clip[:, 3], 1.0)[:, None]
    x = (ndc[:, 0] + 1) / 2 * size[0]
    y = (1 - ndc[:, 1]) / 2 * size[1]
    distance = np.where(visible, np.hypot(x - click[0], y - click[1]), np.inf)
    best = int(np.argmin(distance))
    return best if distance[best] <= radius else None


class _GLCanvas:
    """3D: points and link lines in a GLViewWidget (needs an OpenGL context); a click that
    is not a drag picks the nearest point, and the pointer resting on one names it."""

    def __init__(self, parent: QWidget, on_picked: Callable[[int], None]) -> None:
        import pyqtgraph.opengl as gl
        from PySide6.QtGui import QMouseEvent

        canvas = self

        class PickingView(gl.GLViewWidget):  # type: ignore[misc]
            def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
                self.pressed_at = event.position()
                super().mousePressEvent(event)

            def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
                moved = event.position() - getattr(self, "pressed_at", event.position())
                if moved.manhattanLength() < 4:
                    canvas.pick(event.position().x(), event.position().y())
                super().mouseReleaseEvent(event)

            def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
                if event.buttons() == Qt.MouseButton.NoButton:
                    canvas.pointer_moved(event.position().x(), event.position().y())
                super().mouseMoveEvent(event)

            def leaveEvent(self, event: QEvent) -> None:  # noqa: N802
                canvas.pointer_left()
                super().leaveEvent(event)

        self._on_picked = on_picked
        self._positions = np.zeros((0, 3), dtype=np.float32)
        self._labels: tuple[str, ...] = ()
        self._shown = np.zeros(0, dtype=np.int64)
        self.widget = PickingView(parent)
        self.widget.setMouseTracking(True)
        self.widget.setCameraPosition(distance=3.0)
        self._points = gl.GLScatterPlotItem(pxMode=True)
        self._lines = gl.GLLinePlotItem(mode="lines", color=(0.6, 0.6, 0.6, 0.35), width=1)
        self.widget.addItem(self._lines)
        self.widget.addItem(self._points)
        # The nearest point is looked for once the pointer rests (~5 ms at 100,000 points).
        self._pointer = (0.0, 0.0)
        self._rested = QTimer(self.widget)
        self._rested.setSingleShot(True)
        self._rested.setInterval(HOVER_REST_MS)
        self._rested.timeout.connect(self._name_hovered)

    def nearest(self, x: float, y: float) -> int | None:
        """The shown point drawn nearest to (x, y) in the view, if close enough to mean it."""
        view = self.widget
        viewport = view.getViewport()
        matrix = view.projectionMatrix(viewport, viewport) * view.viewMatrix()
        transform = np.array(matrix.data(), dtype=np.float64).reshape(4, 4).T
        return nearest_on_screen(self._positions, transform, viewport[2:], (x, y))

    def pick(self, x: float, y: float) -> None:
        index = self.nearest(x, y)
        if index is not None:
            self._on_picked(index)

    def pointer_moved(self, x: float, y: float) -> None:
        self._pointer = (x, y)
        self._rested.start()

    def pointer_left(self) -> None:
        self._rested.stop()
        QToolTip.hideText()

    def hovered_label(self) -> str:
        index = self.nearest(*self._pointer)
        return "" if index is None else self._labels[self._shown[index]]

    def _name_hovered(self) -> None:
        label = self.hovered_label()
        if not label:
            QToolTip.hideText()
            return
        at = self.widget.mapToGlobal(QPoint(int(self._pointer[0]), int(self._pointer[1])))
        QToolTip.showText(at, label, self.widget)

    def draw(self, shown: VisibleMap, arrays: MapArrays) -> None:
        positions = arrays.positions[shown.index]
        self._positions = positions
        self._labels, self._shown = arrays.labels, shown.index
        sizes = 4 + 10 * arrays.importance[shown.index]
        self._points.setData(pos=positions, color=arrays.colours[shown.index], size=sizes)
        self._lines.setData(pos=positions[shown.edges].reshape(-1, 3))


class _FlatCanvas:
    """2D fallback without OpenGL: the first two layout axes, clickable points."""

    def __init__(self, parent: QWidget, on_clicked: Callable[..., None]) -> None:
        self.widget = pg.PlotWidget(parent)
        # Its viewport takes the keyboard's focus, so it is what a screen reader names.
        self.widget.viewport().setAccessibleName(MAP_NAME)
        self.widget.setAspectLocked(True)
        self.widget.hideAxis("left")
        self.widget.hideAxis("bottom")
        self._lines = pg.PlotDataItem(pen=pg.mkPen((150, 150, 150, 90)), connect="pairs")
        # Hovering a point names the memory (pyqtgraph's own tip shows its coordinates and id).
        self._points = pg.ScatterPlotItem(hoverable=True, tip=self._tip)
        self._points.sigClicked.connect(on_clicked)
        self._labels: dict[str, str] = {}
        self._brushes: dict[tuple[int, ...], QBrush] = {}
        self._placed: MapArrays | None = None
        self._look: tuple[tuple[str, ...], np.ndarray, np.ndarray, np.ndarray] | None = None
        self.widget.addItem(self._lines)
        self.widget.addItem(self._points)

    def draw(self, shown: VisibleMap, arrays: MapArrays) -> None:
        if arrays is not self._placed:
            self._place(arrays)
        visible = np.zeros(len(arrays.ids), dtype=bool)
        visible[shown.index] = True
        # The filters and the scrubber only show and hide points placed once per map.
        # setPointsVisible re-renders every point's symbol (~0.2 s a step at 100,000); the
        # spot table's own column (pyqtgraph 0.14, pinned) is what painting and clicks read.
        self._points.data["visible"] = visible
        self._points.update()
        ends = arrays.positions[shown.index[shown.edges], :2].astype(np.float64).reshape(-1, 2)
        if len(ends):
            self._lines.setData(ends[:, 0], ends[:, 1])
        else:
            self._lines.clear()

    def _place(self, arrays: MapArrays) -> None:
        """Every point of the map, unless a reload drew the same (~0.4 s at 100,000)."""
        flat = arrays.positions[:, :2].astype(np.float64)
        # pyqtgraph draws a symbol for each distinct brush object and size: one brush per
        # point drew 100,000 symbols (~4 s). Shades of a few steps and whole-pixel sizes
        # share their brushes.
        shades = np.clip(np.round(arrays.colours * 255 / BRUSH_STEP) * BRUSH_STEP, 0, 255)
        sizes = np.round(5 + 10 * arrays.importance)
        look = (arrays.ids, flat, shades.astype(np.uint8), sizes)
        self._placed = arrays
        self._labels = dict(zip(arrays.ids, arrays.labels, strict=True))
        if self._look is not None and self._look[0] == look[0]:
            if all(np.array_equal(a, b) for a, b in zip(self._look[1:], look[1:], strict=True)):
                return
        self._look = look
        brushes = [self._brush(tuple(c)) for c in look[2].tolist()]
        self._points.setData(pos=flat, size=sizes, brush=brushes, pen=None, data=list(arrays.ids))

    def _tip(self, x: float, y: float, data: str) -> str:
        return self._labels.get(data, "")

    def _brush(self, rgba: tuple[int, ...]) -> QBrush:
        brush = self._brushes.get(rgba)
        if brush is None:
            brush = self._brushes[rgba] = pg.mkBrush(*rgba)
        return brush


def has_opengl() -> bool:
    from PySide6.QtGui import QOffscreenSurface, QOpenGLContext

    surface = QOffscreenSurface()
    surface.create()
    context = QOpenGLContext()
    ok = context.create() and context.makeCurrent(surface)
    if ok:
        context.doneCurrent()
    surface.destroy()
    return ok


class MemoryBrowserView(QWidget):
    sig_memory_opened = Signal(str)
    """Open the memory with this id (in the memory manager)."""
    sig_refresh_requested = Signal()
    """Reload the map (and lay out memories that have no place yet)."""

    def __init__(self, parent: QWidget | None = None, *, use_opengl: bool | None = None) -> None:
        super().__init__(parent)
        three_d = has_opengl() if use_opengl is None else use_opengl
        self.canvas = (
            _GLCanvas(self, self._on_node_picked)
            if three_d
            else _FlatCanvas(self, self._on_points_clicked)
        )
        self.three_d = three_d
        self.canvas.widget.setAccessibleName(MAP_NAME)
        self.kind_boxes: dict[MemoryKind, QCheckBox] = {}
        panel = QVBoxLayout()
        panel.addWidget(QLabel("<b>Show</b>", self))
        for kind in MemoryKind:
            box = QCheckBox(kind.value.capitalize(), self)
            box.setChecked(kind is not MemoryKind.WORKING)
            box.setStyleSheet(f"color: {KIND_COLOURS[kind]}")
            box.toggled.connect(lambda _: self._redraw())
            panel.addWidget(box)
            self.kind_boxes[kind] = box
        self.listing = QListWidget(self)
        self.listing.setAccessibleName("Memories on the map")
        self.listing.itemActivated.connect(self._on_listing_activated)
        panel.addWidget(QLabel("<b>Memories on the map</b>", self))
        panel.addWidget(self.listing, 1)
        self.scrubber = QSlider(Qt.Orientation.Horizontal, self)
        self.scrubber.setToolTip("Memory as it was on a day (drag to the right end for today)")
        self.scrubber.setAccessibleName("Memory as it was on")
        self._scrubbed = QTimer(self)
        self._scrubbed.setSingleShot(True)
        self._scrubbed.setInterval(SCRUB_SETTLE_MS)
        self._scrubbed.timeout.connect(self._redraw)
        self.scrubber.valueChanged.connect(self._on_scrubbed)
        self.day_label = QLabel(self)
        self.status = QLabel("The map appears once memories have been laid out.", self)
        self.status.setWordWrap(True)
        bottom = QHBoxLayout()
        bottom.addWidget(QLabel("Time", self))
        bottom.addWidget(self.scrubber, 1)
        bottom.addWidget(self.day_label)
        right = QVBoxLayout()
        right.addWidget(self.canvas.widget, 1)
        right.addLayout(bottom)
        right.addWidget(self.status)
        layout = QHBoxLayout(self)
        layout.addLayout(panel)
        layout.addLayout(right, 1)
        self._graph = Graph((), ())
        self._arrays = MapArrays.of(self._graph)
        self._first: datetime | None = None
        self.shown = visible_map(self._graph, self._arrays, set(), None)

    def show_graph(self, graph: Graph, arrays: MapArrays | None = None) -> None:
        """`arrays`: `MapArrays.of(graph)`, made beforehand off the UI thread where the caller
        can (~0.2 s at 100,000 memories)."""
        self._graph = graph
        self._arrays = MapArrays.of(graph) if arrays is None else arrays
        days = sorted(n.created_at for n in graph.nodes)
        # Days as the user lives them: the first one starts at their midnight.
        self._first = (
            local(days[0]).replace(hour=0, minute=0, second=0, microsecond=0) if days else None
        )
        span = (days[-1] - self._first).days + 1 if self._first else 0
        self.scrubber.blockSignals(True)
        self.scrubber.setRange(0, span)
        self.scrubber.setValue(span)
        self.scrubber.blockSignals(False)
        self._redraw()

    def show_status(self, message: str) -> None:
        self.status.setText(message)

    def day(self) -> datetime | None:
        """The scrubber's day (end of it), or None at the right end (now)."""
        if self._first is None or self.scrubber.value() >= self.scrubber.maximum():
            return None
        return self._first + timedelta(days=self.scrubber.value() + 1)

    def _on_scrubbed(self) -> None:
        """The day shows at once; the map follows when the scrubber rests."""
        self._show_day()
        self._scrubbed.start()

    def _show_day(self) -> None:
        day = self.day()
        shown_day = "now" if day is None else (day - timedelta(days=1)).date().isoformat()
        self.day_label.setText(shown_day)
        # A screen reader says the day, not the slider's step number.
        self.scrubber.setAccessibleDescription(shown_day)

    def _redraw(self) -> None:
        self._scrubbed.stop()
        kinds = {k for k, box in self.kind_boxes.items() if box.isChecked()}
        self.shown = visible_map(self._graph, self._arrays, kinds, self.day())
        self.canvas.draw(self.shown, self._arrays)
        self._show_day()
        self.listing.clear()
        for node in self.shown.nodes[-MAX_LISTED:][::-1]:
            item = QListWidgetItem(node.label)
            item.setData(NODE_ID, node.id)
            item.setForeground(QColor(KIND_COLOURS[node.kind]))
            self.listing.addItem(item)
        total = len(self._graph.nodes)
        if not total:
            self.status.setText(
                "Nothing on the map yet: memories appear here as you chat, or import a "
                "conversation or documents (Memory tab)."
            )
            return
        self.status.setText(
            f"{len(self.shown.nodes)} of {counted(total, 'memory')}, "
            f"{counted(len(self.shown.edges), 'link')}"
            + ("" if self.three_d else " · 2D map (OpenGL is not available here)")
        )

    def _on_points_clicked(self, _item: object, points: Sequence[object]) -> None:
        if len(points):
            self.sig_memory_opened.emit(points[0].data())

    def _on_node_picked(self, index: int) -> None:
        if 0 <= index < len(self.shown.nodes):
            self.sig_memory_opened.emit(self.shown.nodes[index].id)

    def _on_listing_activated(self, item: QListWidgetItem) -> None:
        self.sig_memory_opened.emit(item.data(NODE_ID))
