"""Getting things into memory: conversation files, live turns, documents."""
