"""Errors of the retrieval layer.

RetrievalError
 ├── ModelUnavailable        a model could not be resolved or loaded (offline, bad path)
 ├── DocumentNotFound        no stored document has that id
 └── KnowledgeBaseError      the vector store failed
      ├── KnowledgeBaseLocked    the embedded store is owned by another process
      └── KnowledgeBaseUnavailable   a Chroma server cannot be reached
"""


class RetrievalError(Exception):
    """Base of every error raised by `retrieval`."""


class ModelUnavailable(RetrievalError):
    """A model could not be resolved locally or loaded; the message says what was tried."""


class DocumentNotFound(RetrievalError):
    """No stored document (or passage of one) has the requested id."""


class KnowledgeBaseError(RetrievalError):
    """The knowledge base failed."""


class KnowledgeBaseLocked(KnowledgeBaseError):
    """Another process owns the embedded Chroma directory."""


class KnowledgeBaseUnavailable(KnowledgeBaseError):
    """A Chroma server could not be reached."""
