"""claimcheck app layer."""
