"""The readers behind describe(): each module reads one kind of irregularity (or one layer of the
story) from a message's normal form."""
