"""kb: a multilingual, cross-linked knowledge base of the Magic: The Gathering rules."""

__version__ = "0.1.0"
