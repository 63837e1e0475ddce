"""claimcheck agent layer."""
