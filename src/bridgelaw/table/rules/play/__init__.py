"""The open matters of the play period (Laws 40-60), one module per law or law group."""
