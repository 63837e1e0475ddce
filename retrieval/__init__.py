"""claimcheck retrieval layer."""
