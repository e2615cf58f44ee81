"""The variations more than one family plays, each an action a rule set brings (`Config.actions`):
the Caliente card (`caliente_card`), which Caliente and Samba both bring with their option
caliente-cards. A layer above the engine, whose modules they use, and below the families, which
import it so that none imports another for it; the engine and the contract never import it.
"""
