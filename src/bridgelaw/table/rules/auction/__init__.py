"""The open matters of the auction period (Laws 17-39), one module per law or law group."""
