"""Retrieval: candidates -> scoring -> modes -> diversity -> associative expansion."""

from core.retrieval.config import DEFAULT_RETRIEVAL, Mode, RetrievalConfig, Weights
from core.retrieval.retriever import Retriever, SearchOutcome, SearchRequest
from core.retrieval.scoring import SearchResult

__all__ = [
    "DEFAULT_RETRIEVAL",
    "Mode",
    "RetrievalConfig",
    "Retriever",
    "SearchOutcome",
    "SearchRequest",
    "SearchResult",
    "Weights",
]
