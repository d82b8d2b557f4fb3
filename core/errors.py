"""One root exception so every layer can tell Engram's own, user-actionable failures from bugs."""


class EngramError(Exception):
    """Base of every error Engram raises on purpose; its message is meant for the user."""


class StoreError(EngramError):
    """The memory database cannot be opened, migrated or written."""


class SchemaTooNewError(StoreError):
    """The database file was written by a newer Engram; opening it could corrupt it."""


class StoreLockedError(StoreError):
    """Another process holds the database file."""


class StoreDamagedError(StoreError):
    """The database file cannot be read as one: damaged, or not Engram's. It is left as it is;
    the user may set it aside and start again, from a backup or empty."""


class InputError(EngramError):
    """A file or payload the user handed in is malformed; nothing was written."""


class ModelError(EngramError):
    """A model file is missing, unreadable or not the format expected."""


class ModelBusyError(ModelError):
    """Background work on the model gave way to a reply the user is waiting for; nothing of
    it was used. Asking again once the reply is written is safe."""


class GenerationCancelled(EngramError):
    """Generation was stopped on request; the partial text is kept by the caller."""
