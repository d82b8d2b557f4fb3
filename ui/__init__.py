"""PySide6 views. They show state and emit intent; services are handed in by app/."""
