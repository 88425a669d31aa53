"""The Stream decode tab: tokens fed one at a time into the streaming decoder, bytes waiting for their character."""
