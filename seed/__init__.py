"""claimcheck seed layer."""
