"""The memory map on its own: kind filters, the time scrubber, the flat map's drawing, the
3D map's pointer and picking (the whole app's map is tested in tests/app)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from PySide6.QtWidgets import QToolTip
from pytestqt.qtbot import QtBot

from core.model import MemoryKind
from core.viz import Edge, Graph, Node
from ui.memory_browser import HOVER_REST_MS, MemoryBrowserView, nearest_on_screen

NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)


def node(node_id: str, kind: MemoryKind, day: int, replaced_on: int | None = None) -> Node:
    at = NOW + timedelta(days=day)
    ended = NOW + timedelta(days=replaced_on) if replaced_on is not None else None
    return Node(node_id, (day / 10, 0.0, 0.0), kind, 0.5, 0.8, node_id, at, at, ended, None)


def test_the_map_filters_by_kind_and_shows_memory_as_it_was_on_a_day(qtbot: QtBot) -> None:
    graph = Graph(
        (
            node("berlin", MemoryKind.SEMANTIC, 0, replaced_on=5),
            node("lisbon", MemoryKind.SEMANTIC, 5),
            replace(node("walk", MemoryKind.EPISODIC, 2), label="went for a walk"),
        ),
        (Edge("berlin", "lisbon", "supersedes", 1.0), Edge("walk", "lisbon", "session", 0.5)),
    )
    view = MemoryBrowserView(use_opengl=False)
    qtbot.addWidget(view)
    view.show_graph(graph)
    assert {n.id for n in view.shown.nodes} == {"lisbon", "walk"}
    assert len(view.shown.edges) == 1
    view.scrubber.setValue(3)  # day 3: Berlin was still true, Lisbon not yet said
    assert view.day_label.text() == (NOW + timedelta(days=3)).date().isoformat()
    # The map follows once the scrubber rests.
    qtbot.waitUntil(lambda: {n.id for n in view.shown.nodes} == {"berlin", "walk"})
    assert len(view.shown.edges) == 0
    # The 2D map hides what is not shown instead of placing its points again at each step
    # (placing 100,000 took ~0.2 s a step).
    spots = view.canvas._points.points()
    assert len(spots) == 3
    assert {s.data() for s in spots if s.isVisible()} == {"berlin", "walk"}
    # Hovering a point names the memory, not its coordinates.
    assert view.canvas._points.opts["tip"](x=0.0, y=0.0, data="walk") == "went for a walk"
    view.kind_boxes[MemoryKind.EPISODIC].setChecked(False)
    assert [n.id for n in view.shown.nodes] == ["berlin"]
    assert "2D map" in view.status.text()
    with qtbot.waitSignal(view.sig_memory_opened) as opened:
        view.listing.itemActivated.emit(view.listing.item(0))
    assert opened.args == ["berlin"]


def test_the_flat_map_shares_brushes_so_a_large_memory_draws_quickly(qtbot: QtBot) -> None:
    """pyqtgraph renders a symbol for every distinct brush: one brush per point made each
    step of the scrubber take ~4 s at 100,000 memories. Faded memories stay fainter."""
    nodes = tuple(
        replace(node(f"m{i}", MemoryKind.EPISODIC, i % 30), retention=i / 3000, importance=i / 3000)
        for i in range(3000)
    )
    view = MemoryBrowserView(use_opengl=False)
    qtbot.addWidget(view)
    view.show_graph(Graph(nodes, ()))
    spots = view.canvas._points.points()
    assert len(spots) == 3000
    assert len({id(spot.brush()) for spot in spots}) <= 20
    assert len({spot.size() for spot in spots}) <= 11
    alpha = {spot.data(): spot.brush().color().alpha() for spot in spots}
    assert alpha["m100"] < alpha["m1500"] < alpha["m2999"]


def test_the_flat_map_reloaded_unchanged_keeps_its_points_and_shows_a_change(
    qtbot: QtBot,
) -> None:
    """Opening the map tab reloads it: placing 100,000 points again took ~0.4 s each time."""
    nodes = tuple(node(f"m{i}", MemoryKind.EPISODIC, i) for i in range(5))
    view = MemoryBrowserView(use_opengl=False)
    qtbot.addWidget(view)
    view.show_graph(Graph(nodes, ()))
    first = view.canvas._points.points()[0]
    view.show_graph(Graph(nodes, ()))
    assert view.canvas._points.points()[0] is first
    moved = (replace(nodes[0], position=(0.0, 0.7, 0.0)), *nodes[1:])
    view.show_graph(Graph(moved, ()))
    assert view.canvas._points.points()[0].pos().y() == pytest.approx(0.7)


def test_the_3d_map_names_the_point_under_a_resting_pointer(qtbot: QtBot) -> None:
    """Offscreen there is no OpenGL to draw with; where the points fall on screen is
    computed all the same."""
    nodes = (
        replace(node("lisbon", MemoryKind.SEMANTIC, 0), label="Ana lives in Lisbon"),
        replace(node("figs", MemoryKind.SEMANTIC, 8), label="Bo likes figs"),
    )
    view = MemoryBrowserView(use_opengl=True)
    qtbot.addWidget(view)
    view.show_graph(Graph(nodes, ()))
    _, _, width, height = view.canvas.widget.getViewport()
    view.canvas.pointer_moved(width / 2, height / 2)  # the camera looks at the origin
    assert view.canvas.hovered_label() == "Ana lives in Lisbon"
    qtbot.waitUntil(lambda: QToolTip.text() == "Ana lives in Lisbon", timeout=HOVER_REST_MS * 5)
    view.canvas.pointer_moved(0, 0)
    assert view.canvas.hovered_label() == ""
    qtbot.waitUntil(lambda: not QToolTip.isVisible(), timeout=HOVER_REST_MS * 5)


def test_a_click_picks_the_point_drawn_nearest_to_it() -> None:
    points = np.array([[0.0, 0.0, 0.0], [0.5, 0.5, 0.0], [-0.5, -0.5, 0.0]])
    identity = np.eye(4)  # points already in clip space: x, y in -1..1
    assert nearest_on_screen(points, identity, (200, 100), (100, 50)) == 0
    assert nearest_on_screen(points, identity, (200, 100), (151, 26)) == 1
    assert nearest_on_screen(points, identity, (200, 100), (48, 74)) == 2
    assert nearest_on_screen(points, identity, (200, 100), (10, 10)) is None
    behind = np.diag([1.0, 1.0, 1.0, -1.0])  # every point behind the camera
    assert nearest_on_screen(points, behind, (200, 100), (100, 50)) is None
