"""DuckDB extensions loaded from the files the registry packages ship, never from the network."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import duckdb

from core.errors import StoreError

REQUIRED_EXTENSIONS = ("vss", "fts")


def extension_path(name: str) -> Path:
    """Path of `<name>.duckdb_extension` inside the duckdb-extension-<name> package."""
    package = f"duckdb_extension_{name}"
    try:
        root = resources.files(package)
    except ModuleNotFoundError as exc:
        raise StoreError(f"The DuckDB extension package {package} is not installed.") from exc
    path = Path(str(root)) / "extensions" / f"v{duckdb.__version__}" / f"{name}.duckdb_extension"
    if not path.is_file():
        raise StoreError(
            f"{package} has no build for DuckDB {duckdb.__version__} (looked for {path}); "
            "install the extension package of exactly the same version."
        )
    return path


def offline_config() -> dict[str, object]:
    """Connection settings that forbid DuckDB from fetching anything by itself."""
    return {
        "autoinstall_known_extensions": False,
        "autoload_known_extensions": False,
    }


def load_extensions(connection: duckdb.DuckDBPyConnection) -> None:
    for name in REQUIRED_EXTENSIONS:
        path = str(extension_path(name)).replace("'", "''")
        connection.execute(f"LOAD '{path}'")
