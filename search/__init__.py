"""claimcheck search layer."""
