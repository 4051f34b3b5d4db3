"""The words of instructions: which verbs start one, and which say how to talk (a
preference) rather than what to do (a rule). Read by graphmem.extract.first_person."""

from __future__ import annotations

from graphmem.extract.phrases import words as _words

VERBS = _words(
    "reply respond answer write use keep format summarise summarize call address speak talk be"
    " include show send cc bcc copy book schedule block reserve ask check double-check confirm"
    " notify email text message put add move shift hold avoid skip cancel decline accept route"
    " forward let give make stop start sign greet draft prioritise prioritize file mark flag"
    " archive leave turn set treat assume focus limit plan order pay buy share mention explain"
    " translate bring proofread cite quote link attach round convert default wait tell label"
    " spell capitalise capitalize end open close offer suggest recommend provide list number"
    " mute remind protect respect save store log track get go take choose pick prefer loop stick"
)
VERB = "(?:" + "|".join(sorted(VERBS, key=len, reverse=True)) + r")\b"
STYLE_VERBS = _words(
    "reply respond answer write format summarise summarize explain address call speak talk sign"
    " greet sound phrase word spell capitalise capitalize translate quote cite"
)
RULE_VERBS = _words(
    "ask check double-check confirm book schedule block reserve cc bcc send pay buy cancel"
    " decline accept notify remind share hold route forward move skip wait save store log"
    " track protect order"
)
STYLE_WORDS = _words(
    "bullet bullets emoji emojis markdown tone formal informal casual concise brief short shorter"
    " long longer length language english french german spanish italian portuguese dutch"
    " japanese chinese british american sentence sentences paragraph paragraphs heading headings"
    " jargon exclamation format formatting summary summaries tldr table tables lists words plain"
    " simple detail details detailed verbose friendly polite direct metric imperial examples"
    " jokes humour humor voice style spelling oxford"
)
QUANTIFIERS = _words("always never ever don't do not please no")
