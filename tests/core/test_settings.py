"""Settings survive a round trip, bad files never stop the app, and a local embedding model
folder is described without loading it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.services import embedder_spec
from core.embed import BUNDLED_MODEL_ID, bundled_model_path
from core.errors import ModelError
from core.settings import Settings, load_settings, save_settings


def test_round_trip(tmp_path: Path) -> None:
    wanted = Settings(llm_model_path="/models/a.gguf", context_size=8192, threads=2)
    save_settings(tmp_path, wanted)
    assert load_settings(tmp_path) == wanted


def test_unreadable_file_is_set_aside_and_defaults_used(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{ broken")
    assert load_settings(tmp_path) == Settings()
    assert (tmp_path / "settings.json.unreadable").read_text() == "{ broken"


def test_a_value_of_the_wrong_kind_is_left_out_and_the_rest_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A file edited by hand: "two" backups would have failed the daily upkeep every day."""
    save_settings(tmp_path, Settings(theme="dark", threads=2))
    path = tmp_path / "settings.json"
    raw = json.loads(path.read_text())
    raw["values"].update(backups_kept="two", context_size=True, cadence_hours={"daily": 12})
    path.write_text(json.dumps(raw))
    loaded = load_settings(tmp_path)
    assert loaded == Settings(theme="dark", threads=2, cadence_hours={"daily": 12})
    assert "Setting backups_kept: 'two' is not of type int; the default is used" in caplog.text
    assert not (tmp_path / "settings.json.unreadable").exists()


def test_environment_overrides_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(tmp_path, Settings(llm_model_path="/models/a.gguf"))
    monkeypatch.setenv("ENGRAM_LLM_MODEL", "/models/b.gguf")
    assert load_settings(tmp_path).llm_model_path == "/models/b.gguf"


def test_embedding_model_from_a_local_folder(tmp_path: Path) -> None:
    assert embedder_spec(Settings()).model_id == BUNDLED_MODEL_ID
    spec = embedder_spec(Settings(embedding_model_dir=str(bundled_model_path())))
    assert spec.dim == 384 and spec.model_id == "local:model"
    with pytest.raises(ModelError, match="sentence-transformers model folder"):
        embedder_spec(Settings(embedding_model_dir=str(tmp_path)))
