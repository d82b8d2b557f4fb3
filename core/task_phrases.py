"""The phrases a to-do is said in (`core.tasks` reads them): seed 000's patterns and the
ones people use in chat, each with the strength of the intention it says, and the ways a
request is asked."""

from __future__ import annotations

import re

from core.task_words import (
    A_DATE,
    ASKED,
    ASKING_YOU,
    CANT_MISS,
    ERRANDS,
    FILLER,
    LEFT_TO_DO,
    NOTE_ASKED,
    ON_CALENDAR,
    OWED,
    OWN_CLAUSE_WORD,
    OWN_DUE_THING,
    OWN_THINGS,
    PLEASE,
    SUBJECT,
    SUPPLIES,
    UPKEEP,
)
from core.verb_forms import BEGUN, GERUNDS, PARTICIPLES

# Strongest first; a sentence yields at most one task, from its strongest matching phrase (a
# second one joined by "and" is a sentence of its own: `core.tasks`).
PATTERNS: tuple[tuple[str, float, re.Pattern[str]], ...] = tuple(
    (name, strength, re.compile(pattern))
    for name, strength, pattern in (
        (
            "remind",
            0.95,
            # Not what one asks to be told: "Remind me what we talked about yesterday".
            r"\b(?:remind\s+me\s+(?!(?:what|why|how|who|whom|whose|which|where|whether|if)\b)"
            r"(?:[\w':/-]+(?:\.\d\d)?\s+){0,6}?(?:to|(?P<about>about|abt|(?<=me\s)of)|"
            r"(?P<that>that))"
            # ...its time, then what ("Remind me tomorrow at 7am: gym").
            r"|remind\s+me(?!\s+(?:what|why|how|who|whom|whose|which|where|whether|if)\b)"
            r"(?:\s+[\w']+){0,6}?\s*[:\-\u2013](?!\s*(?:what|why|how|who|whom|whose|which|"
            r"where|when|whether|is|are|was|were|do|does|did|i|you|we|he|she|they|it)\b)"
            # ...or nudged, when ("ping me in 20 minutes to ...", not "ping me the link to").
            r"|(?:ping|nudge)\s+me\s+(?!in\s+the\s+right\b)(?:(?:in|at|on|by|around|before|"
            r"after|tomorrow|tonight|today|later|next|this|every)\b(?:\s+[\w':]+){0,4}?\s+)?"
            r"(?:to|about|abt)|help\s+me\s+(?:to\s+)?remember\s+to)\s+(?P<task>.+)",
        ),
        (
            "reminder",
            0.95,
            r"\b(?:set|add|make|create)\s+(?:an?\s+|me\s+an?\s+)?(?:reminder|alarm)\s+"
            r"(?:[\w':]+\s+){0,6}?(?:to|about)\s+(?P<task>.+)",
        ),
        # ...or for a thing, by its time: "Set a reminder for the dentist on Tuesday" (one "to"
        # do later in it is what it asks: "Set a reminder for 5pm to call mom").
        (
            "reminder",
            0.95,
            r"\b(?:set|add|make|create)\s+(?:an?\s+|me\s+an?\s+)?reminder\s+for\s+"
            r"(?P<task>(?!(?:[\w':]+\s+){0,6}?to\s).+)",
        ),
        (
            "todo",
            0.90,
            r"^(?:todo|to-do|to do|note to self|"
            r"(?:set\s+an?\s+)?reminder(?:\s+(?:to\s+self|for\s+me))?|"
            r"(?:add\s+)?(?:an?\s+)?(?:new\s+)?(?:task|to-?do)|add\s+to\s+my\s+(?:to-?do\s+)?list|"
            # "Don't forget: team lunch Friday", "Must remember: dentist Tuesday 3pm", not "Don't
            # forget: I'm allergic to nuts"; and as a meeting's notes say it: "Action item:
            # update the roadmap" (not "Next steps: we discussed ...").
            r"(?:(?:don'?t|do not)\s+(?:let\s+me\s+)?forget"
            r"|(?:must\s+|gotta\s+|need\s+to\s+)?remember|(?:my\s+)?action\s+items?|"
            r"(?:my\s+)?next\s+steps?)(?=\s*[:\-\u2013]\s*+(?!(?:i|you|we|he|she|they|it)\b)))"
            r"\s*[:\-\u2013]\s*(?P<task>.+)",
        ),
        # ...typed as a marker in code and notes: "TODO call the bank" ("todo list" is none).
        (
            "todo",
            0.90,
            r"^(?:todo|to-do)\s+(?!(?:list|lists|app|apps|items?|is|are|was|were|for|and|or)\b)"
            r"(?P<task>.+)",
        ),
        # ...or a note of an errand: "Note: cancel Netflix before the trial ends".
        ("todo", 0.90, r"^note\s*[:\-\u2013]\s*(?P<task>(?:" + "|".join(ERRANDS) + r")\b.+)"),
        # An open box of a checklist ("- [ ] book the dentist"); a ticked one is done.
        ("checkbox", 0.90, r"^(?:[-*+]\s+)?\[\s\]\s+(?P<task>.+)"),
        (
            "on_my_list",
            0.90,
            ASKED + r"(?:add|put)\s+(?P<task>.+?)\s+(?:to|on)\s+(?:my|the)\s+"
            r"(?:(?:to-?do|task)s?(?:\s+list)?|list)\b",
        ),
        # "Put the dentist on my calendar for Tuesday at 3": the app keeps no calendar, and its
        # inbox reminds when the time comes.
        (
            "calendar",
            0.90,
            ASKED + r"(?:add|put|pop)\s+(?!(?:it|that|this|them)\s)(?P<task>.+?)\s+"
            rf"{ON_CALENDAR}",
        ),
        # "Add milk to my shopping list": the inbox is the list the app keeps ("Buy milk").
        (
            "shopping",
            0.90,
            ASKED + r"(?:add|put)\s+(?P<task>.+?)\s+(?:to|on)\s+(?:my|the|our)\s+"
            r"(?:shopping|grocery|groceries)\s+list\b",
        ),
        # "We're out of coffee", "I'm running low on milk", "we need milk": "Buy coffee".
        (
            "ran_out",
            0.80,
            r"^(?:(?:ugh|oh|ok|so|and|also|btw|argh|hey)\W+)*(?:we|i)(?:'re|'m|\s+are|\s+am|'ve|"
            r"\s+have|\s+just)?\s+(?:completely\s+|totally\s+|almost\s+|nearly\s+|running\s+|"
            r"ran\s+|run\s+)?(?:out\s+of|low\s+on|(?<=\bwe\s)need(?:\s+(?:more|some|new))?)\s+"
            r"(?P<task>(?:" + SUPPLIES + r")(?:(?:\s*,\s*|,?\s+and\s+)(?:" + SUPPLIES + r"))*)"
            r"(?=\s*(?:[.!?;]|$)|\s+(?:again|too|now|already)\b)",
        ),
        # "Don't let me leave without my keys tomorrow": "Take my keys".
        (
            "leave_without",
            0.85,
            r"\b(?:don'?t|do\s+not)\s+let\s+me\s+(?:leave|go(?:\s+out)?)\s+(?:the\s+house\s+|"
            r"home\s+)?without\s+(?P<task>.+)",
        ),
        (
            "dont_forget",
            0.85,
            r"\b(?:(?:don'?t|do not)\s+(?:let me\s+)?forget\s+to\s+"
            r"|^let(?:'s|\s+me)\s+not\s+forget\s+to\s+|"
            r"(?:(?:i|we)\s+|^)(?:must\s+not|mustn'?t|can'?t|cannot)\s+forget\s+to\s+)(?P<task>.+)",
        ),
        # "Don't let me forget the milk", "Let's not forget the milk": a thing to keep in mind,
        # titled "Remember the milk" ("I can't forget that day", "we must not forget how lucky
        # we are" are memories).
        (
            "forget_thing",
            0.85,
            r"\b(?:(?:don'?t|do not)\s+let\s+me|(?:(?:i|we)\s+|^)(?:must\s+not|mustn'?t)"
            r"|^let(?:'s|\s+me)\s+not)\s+"
            r"forget\s+(?:about\s+)?(?!(?:to|how|what|who|where|why|when)\b)(?P<task>.+)",
        ),
        # ...one can't forget, with its time: "I can't forget Mom's birthday next week" (only
        # with it, `core.tasks`: without, a memory).
        # ...or not to forget, one's own or one's people's: "Don't forget Tom's birthday on
        # Saturday" ("Don't forget your umbrella" is said to someone).
        (
            "cant_forget",
            0.85,
            r"^(?:(?:and|oh|also|btw)\W+)*(?:don'?t|do\s+not)\s+forget\s+(?:about\s+)?"
            # ("Don't forget my birthday is on Friday" tells a thing: `noted`).
            r"(?![^.!?]*\b(?:is|are)\b)(?P<task>(?:my|our|(?!(?:your|his|her|their)\b)[a-z]+'s)\b.+)",
        ),
        (
            "cant_forget",
            0.85,
            r"\b(?:i|we)\s+(?:can'?t|cannot|can\s+not)\s+forget\s+(?:about\s+)?"
            r"(?!(?:to|how|what|who|where|why|when|that|this|it|the\s+(?:day|time|moment))\b)(?P<task>.+)",
        ),
        (
            "remember_to",
            0.85,
            r"^(?:" + PLEASE + r"\s+|must\s+|gotta\s+|need\s+to\s+|let\s+me\s+|"
            r"i\s+(?:want|would\s+like|'d\s+like)\s+to\s+)?remember\s+to\s+"
            r"(?P<task>.+)",
        ),
        ("make_sure", 0.85, r"\bmake\s+sure\s+(?:i|to)\s+(?P<task>.+)"),
        # What one told someone one would do: "I promised my mom I'd call her tonight" ("Call
        # my mom"; not "I promised I'd never do it again").
        (
            "promised",
            0.85,
            r"\bi\s+(?:just\s+|already\s+)?promised\s+(?!(?:i|you|that)\b)(?:(?P<whom>[\w']+"
            r"(?:\s+[\w']+){0,2}?)\s+)??(?:that\s+)?(?:i'?d|i\s+would|i'?ll|i\s+will|to)\s+"
            r"(?!(?:never|not|always|be|stop)\b)(?P<task>.+)",
        ),
        # Something on one's calendar not to miss: "Don't forget I have a doctor's appointment
        # Thursday", "I have a dentist appointment on Tuesday that I can't miss", "I can't miss
        # the meeting on Friday" (not "I can't miss you", "... miss out").
        (
            "not_to_miss",
            0.85,
            r"^(?:(?:and|oh|also|btw)\W+)*(?:don'?t|do\s+not)\s+(?:let\s+me\s+)?forget\s+"
            rf"(?:that\s+)?(?:i|we)\s+have\s+(?P<task>{A_DATE}.*)",
        ),
        (
            "not_to_miss",
            0.85,
            rf"\b(?:i|we)\s+(?:have|'ve\s+got)\s+(?P<task>{A_DATE}[^.!?;]{{0,60}}?)\s+"
            r"(?:that|which)\s+"
            rf"(?:i|we)\s+(?:really\s+)?{CANT_MISS}\b",
        ),
        (
            "not_to_miss",
            0.85,
            rf"\b(?:i|we)\s+(?:really\s+|just\s+)?{CANT_MISS}\s+"
            r"(?!(?:you|him|her|them|it|this|that|out|home|my\s+(?:family|friends|kids))\b)"
            r"(?P<task>.+)",
        ),
        # A thing with its time asked to be kept: "Can you make a note that the landlord is
        # coming Friday at 10?", "Don't forget we're having dinner with the Smiths on Saturday"
        # (only with its time: `core.tasks`).
        (
            "noted",
            0.85,
            NOTE_ASKED + r"(?:\s*:)?\s+(?:that\s+)?"
            r"(?P<task>(?:i|we|my|our|the)\b.+)",
        ),
        (
            "noted",
            0.85,
            r"^(?:(?:and|oh|also|btw)\W+)*(?:don'?t|do\s+not)\s+(?:let\s+me\s+)?forget\s+"
            r"(?:that\s+)?(?P<task>(?:i|we|my|our)\b.+)",
        ),
        # ...or said as one's own need: "I need to remember that the plumber comes Friday at 8"
        # (without a time, a thing to know: `core.ingest.fact_patterns` keeps it as a note).
        (
            "noted",
            0.85,
            r"^(?:(?:and|oh|also|btw|ok|okay|so)\W+)*i\s+(?:really\s+)?(?:need|have|want)\s+to\s+"
            r"remember\s+that\s+(?P<task>(?:i|we|my|our|the)\b.+)",
        ),
        # Taken on: "I volunteered to bring the salad on Sunday", "I said I'd help Maria move
        # this weekend", "I'm in charge of ordering the cake" ("Order the cake").
        (
            "taken_on",
            0.80,
            r"\bi\s+(?:just\s+|already\s+)?(?:(?:volunteered|offered|agreed|signed\s+up)\s+to|"
            r"(?:said|told\s+[\w']+(?:\s+[\w']+)?)\s+(?:that\s+)?i(?:'?d|\s+would))\s+"
            r"(?!(?:disagree|never|not|rather|like|love|prefer)\b)"
            r"(?P<task>.+)",
        ),
        # ...or asked of one, with its time: "I've been asked to give a talk next Thursday" (not
        # "I was asked to leave": done).
        (
            "asked_of_me",
            0.80,
            r"\bi(?:'ve|\s+have)\s+(?:just\s+|also\s+)?been\s+asked\s+to\s+(?P<task>.+)",
        ),
        # ...or by someone, with its time: "My boss asked me to send the deck by end of day"
        # (not "she asked me to leave": done).
        (
            "asked_of_me",
            0.80,
            r"^(?:[\w'-]+\s+){1,3}?(?:just\s+|also\s+)?asked\s+me\s+to\s+(?P<task>.+)",
        ),
        # ...or wanted of one by a deadline, or an errand by its day: "My boss wants me to
        # finish the report by Friday", "My mom needs me to pick up her prescription tomorrow"
        # (not "My boss wants me to work late on Friday": `core.tasks`).
        (
            "wanted_of_me",
            0.80,
            r"^(?:[\w'-]+\s+){1,3}?(?:also\s+|really\s+)?(?:wants|needs|expects|told)\s+me\s+to\s+"
            r"(?P<task>.+)",
        ),
        (
            "taken_on",
            0.85,
            r"\bi(?:'m|\s+am)\s+(?:in\s+charge\s+of|responsible\s+for)\s+"
            r"(?P<task>(?:" + "|".join(GERUNDS) + r")\b.+)",
        ),
        # One's to do, as said: "It's on me to book the restaurant", "I have until Friday to
        # submit the application".
        # ...or on one's list: "It's on my list to fix the fence".
        (
            "on_me",
            0.85,
            r"\bit'?s\s+(?:on\s+me|my\s+(?:job|turn)|(?:been\s+)?on\s+my\s+(?:to-?do\s+)?list)\s+"
            r"to\s+(?P<task>.+)",
        ),
        # ...or the time one has for it: "I've got till the 20th to pay", "I have 2 days to ...".
        (
            "on_me",
            0.85,
            r"\bi(?:\s+(?:only\s+)?have(?:\s+got)?|'ve\s+(?:only\s+)?got)\s+(?:(?:until|till|'?til)\s+"
            r"[^,.!?;]{1,40}?|(?:a|an|one|two|three|four|five|six|seven|\d{1,2})\s+(?:more\s+)?"
            r"(?:days?|weeks?|hours?|months?)(?:\s+left)?)\s+to\s+(?P<task>.+)",
        ),
        # Still not done, as said: "I still haven't paid the electricity bill" ("Pay the
        # electricity bill"), "I haven't booked the flights yet".
        (
            "not_yet",
            0.72,
            r"\b(?:i|we)\s+still\s+haven'?t\s+(?P<task>(?:" + "|".join(PARTICIPLES) + r")\b.+)",
        ),
        (
            "not_yet",
            0.72,
            r"\b(?:i|we)\s+haven'?t\s+(?P<task>(?:" + "|".join(PARTICIPLES) + r")\b.+?)\s+yet\b",
        ),
        # ...or forgotten, and so still to do: "Oh no, I forgot to pay the phone bill" (not what
        # came of it: "I forgot to bring my umbrella and got soaked", nor "forgot to eat", nor
        # long ago: "I forgot to call Anna yesterday").
        (
            "not_yet",
            0.75,
            r"\b(?:i|we)\s+(?:totally\s+|completely\s+|just\s+)?forgot\s+to\s+"
            r"(?![^.!?;]*\b(?:(?:and|so|but)\s+(?:i|we|it|then|got|had|was|were|ended|now)|"
            r"yesterday|last\s+(?:night|week|time)|ago|earlier)\b)"
            r"(?!(?:eat|drink|sleep|breathe|smile|laugh)\b)(?P<task>.+)",
        ),
        # ...after saying when it is due: "My mom's birthday is next Tuesday and I haven't
        # bought a gift" (only with a time: "we broke up and I haven't called him" is none).
        (
            "not_yet_then",
            0.72,
            r"(?<=\band\s|\bbut\s)(?:i|we)\s+(?:still\s+)?haven'?t\s+(?:even\s+)?"
            r"(?P<task>(?:" + "|".join(PARTICIPLES) + r")\b.+)",
        ),
        # ...a piece of work one has, not begun: "I have a presentation on Thursday that I
        # haven't started" ("Start the presentation", by Thursday).
        (
            "not_begun",
            0.72,
            r"\b(?:i|we)\s+(?:have|'ve\s+got|have\s+got)\s+(?P<task>(?:a|an|the|my|our)\s+"
            r"[^,.;!?]+?)(?:\s+(?:that|which|and|but))?\s+(?:i|we)\s+(?:still\s+)?haven'?t\s+"
            r"(?:even\s+)?(?P<begun>" + "|".join(BEGUN) + r")\b",
        ),
        # Not a must-not: "we must not forget how lucky we are", "I must not eat sugar".
        ("must", 0.85, SUBJECT + r"\s+" + FILLER + r"must\s+(?!have\b|not\b)(?P<task>.+)"),
        (
            "have_to",
            0.85,
            SUBJECT + r"(?:\s+" + FILLER + r"(?:have|have got)\s+to|'ve\s+got\s+to|"
            r"\s+" + FILLER + r"gotta)\s+(?P<task>.+)",
        ),
        ("need_to", 0.80, r"\bi\s+" + FILLER + r"need\s+to\s+(?P<task>.+)"),
        # ...said after something else one does, the "I" said once: "I'm flying out tomorrow
        # and need to pack tonight", "I finished the report and have to send it to Tom". Not
        # where the words between start a clause of someone else's ("I think they're lost and
        # need to ...") or of a thought, a condition, a report.
        (
            "and_need",
            0.80,
            r"\b(?:i|we)(?:'m|'ve|'re|\s+am|\s+are|\s+have)?\s+(?:"
            + OWN_CLAUSE_WORD
            + r"\s+){1,10}?"
            r"and\s+" + FILLER + r"(?:need|have|must|gotta)\s+to\s+(?P<task>.+)",
        ),
        # Put off, and known to be: "I've been meaning to call grandma", "I keep forgetting to
        # back up my laptop".
        (
            "meaning_to",
            0.80,
            r"\bi(?:(?:'ve|\s+have)\s+" + FILLER + r"been\s+meaning|\s+" + FILLER + r"keep\s+"
            r"forgetting)\s+to\s+(?P<task>.+)",
        ),
        # ...or put off: "I keep putting off calling the insurance company" ("Call the insurance
        # company"), "I've been putting off fixing the fence".
        (
            "put_off",
            0.80,
            r"\bi(?:'ve|\s+have)?\s+(?:" + FILLER + r"been|keep)\s+putting\s+off\s+"
            r"(?P<task>(?:" + "|".join(GERUNDS) + r")\b.+)",
        ),
        # Expected of one: "I'm supposed to send the slides tonight", "we're supposed to RSVP
        # by Friday".
        (
            "supposed_to",
            0.78,
            r"\b(?:i(?:'m|\s+am)|we(?:'re|\s+are))\s+" + FILLER + r"(?:supposed|meant|expected)\s+"
            r"to\s+(?P<task>.+)",
        ),
        # Weaker: notes to oneself without a subject ("Need to call mom tomorrow.", but also
        # "Gotta stay focused", "Must feel great") and the future ("I'll have to check it out
        # sometime"). They land with a deadline or of an errand ("Need to email Dan back",
        # `core.tasks`); else a second mention lands them.
        (
            "bare",
            0.72,
            r"(?:^|[,;]\s+)(?:(?:ok|okay|so|and|oh|also|btw|ugh|anyway|anyways|right)\W+)*"
            + FILLER
            + r"(?:must|gotta|(?:have|need)\s+to)"
            r"\s+(?!(?:have|be|feel|seem|look|sound|mean|not)\b)(?P<task>.+)",
        ),
        (
            "future",
            0.72,
            # ...and "gonna": "I'm gonna have to call the landlord tomorrow".
            SUBJECT
            + r"(?:'ll|\s+will|(?:'m|\s+am|'re|\s+are)\s+(?:gonna|going\s+to))\s+"
            + FILLER
            + r"(?:have|need)\s+to\s+(?P<task>.+)",
        ),
        # "I'd better call the bank tomorrow" (not "I'd better not").
        (
            "better",
            0.75,
            SUBJECT
            + r"(?:'d|\s+had)?\s+"
            + FILLER
            + r"better\s+(?!not\b|than\b|off\b)(?P<task>.+)",
        ),
        ("before_we_can", 0.78, r"\bbefore\s+we\s+can\s+[^,]+,\s*we\s+need\s+to\s+(?P<task>.+)"),
        ("we_need_to", 0.75, r"\bwe\s+" + FILLER + r"need\s+to\s+(?P<task>.+)"),
        ("follow_up", 0.72, r"\b(?P<task>follow\s+up\s+(?:on|with)\s+.+)"),
        ("next_step", 0.70, r"\bnext\s+step\s+is\s+(?:to\s+)?(?P<task>.+)"),
        # A plan said as one: "my plan for tomorrow is to clean the garage" (with its day, it
        # lands; "the plan is to relax" alone waits out of sight).
        (
            "plan_is",
            0.72,
            r"\b(?:my|our|the)\s+plan\s+(?:for\s+(?:[\w']+\s+){1,4}?)?is\s+to\s+(?P<task>.+)",
        ),
        # A note to oneself in the imperative, with its time: "Pick up the dry cleaning
        # tomorrow", "Pay rent on Friday". Only errands: most imperatives in a chat ask the
        # assistant ("Check the weather for tomorrow", "Write me a plan for Monday").
        (
            "errand",
            0.72,
            r"^(?:(?:ok|okay|so|and|oh|also|then)\W+)*(?P<task>(?:" + "|".join(ERRANDS) + r")\b"
            r"(?!\s+(?:me|us|you)\b).+)",
        ),
        # A deadline said of one's own work or bills: "My rent is due on the 1st", "The report
        # is due Friday" (kept as said, "My rent is due"; only with its time, `core.tasks`).
        # ...or of "it", the one just named ("Can you help me with my essay? It's due on
        # Monday": `core.to_do_referents.due_thing_named`).
        (
            "due_thing",
            0.75,
            # ...said after a clause of its own ("I'm stressed, my essay is due Monday"; "it"
            # after one is of what that clause does: "I still haven't paid the bill, it's due
            # Friday" is "Pay the bill").
            r"^(?P<clause>[^,]{1,80},\s+)?(?:(?:ok|okay|so|and|oh|also|btw|ugh)\W+)*(?P<task>"
            r"(?:" + OWN_DUE_THING + r"\s+(?:is|are)|(?(clause)(?!)|it(?:'s|\s+is)))"
            r"\s+(?:also\s+)?due(?:\s+back)?)\b",
        ),
        # ...or what runs out by a time: "My car insurance expires at the end of the month"
        # ("Renew my car insurance"), "My prescription runs out on Monday" ("Refill ...").
        (
            "expires",
            0.75,
            r"^(?:(?:ok|okay|so|and|oh|also|btw|ugh)\W+)*(?P<task>(?:my|our|the)\s+(?:[\w'-]+\s+)"
            r"{0,2}?(?:passport|licen[cs]e|insurance|membership|subscription|visa|registration|"
            r"permit|warranty|prescription|meds|medication|pills|inhaler))\s+(?:expires?|runs?\s+out|"
            r"(?:is|are)\s+(?:expiring|running\s+out)|will\s+(?:expire|run\s+out))\b",
        ),
        # What one's things need, with its time: "The car needs an oil change next week" (kept
        # as said; only with its time, `core.tasks`).
        (
            "needs_doing",
            0.75,
            r"^(?:(?:ok|okay|so|and|oh|also|btw|ugh)\W+)*(?P<task>(?:my|the|our)\s+"
            r"(?:[\w'-]+\s+){0,2}?" + OWN_THINGS + r"\s+"
            # ...to go somewhere: "The dog needs to go to the vet on Thursday" (it was cut at
            # "to the").
            r"needs\s+(?:to\s+(?:go|get)\s+to\s+(?:the\s+)?[\w'-]+|(?:an?\s+|to\s+be\s+|some\s+|its\s+|"
            r"new\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}))",
        ),
        # ...and what one's children need, got or done by a time: "The kids need new shoes
        # before school starts", "My son needs a haircut before the wedding", "The kids need to
        # be picked up at 3" (kept as said; not "my son needs to study harder").
        (
            "needs_doing",
            0.75,
            r"^(?:(?:ok|okay|so|and|oh|also|btw|ugh)\W+)*(?P<task>(?:my|the|our)\s+(?:kids|children|"
            r"son|daughter|baby|twins)\s+needs?\s+(?:(?:an?|some|new)\s+[\w'-]+(?:\s+[\w'-]+){0,2}|"
            r"to\s+be\s+(?:picked\s+up|dropped\s+off)(?:\s+(?:from|at)\s+[\w'-]+)?))",
        ),
        # ...or are due for, said as is: "My car's due for an oil change" (and one's own
        # upkeep, "I'm overdue for a checkup": "Get a checkup"; not "I'm due for a raise").
        (
            "due_for",
            0.75,
            r"^(?:(?:ok|okay|so|and|oh|also|btw|ugh)\W+)*(?P<task>(?:(?:my|the|our)\s+"
            r"(?:[\w'-]+\s+){0,2}?" + OWN_THINGS + r"(?:'s|\s+is|\s+are)|i'm|i\s+am)\s+"
            r"(?:long\s+|way\s+)?(?:over)?due\s+for\s+" + UPKEEP + r")",
        ),
        # What one has left to do, said by the thing: "I have a ton of emails to answer",
        # "I've got laundry to do": "Answer emails", "Do laundry" (not "I have a point to make",
        # "I have a lot to learn", "I have two kids to feed").
        (
            "left_to_do",
            0.78,
            SUBJECT + r"(?:'ve|\s+" + FILLER + r"have)?\s+" + FILLER + r"(?:got|have)\s+"
            r"(?:(?:a\s+)?(?:ton|lot|bunch|pile|stack|load|heap|couple|few)\s+(?:of\s+)?|"
            r"(?:lots|tons|loads|heaps|piles)\s+of\s+|(?:so|too)\s+(?:many|much)\s+|some\s+|"
            r"several\s+|more\s+)?(?P<task>" + LEFT_TO_DO + r"\b.*)",
        ),
        # Money one owes someone, said alone: "I owe Maria 20 euros" is "Pay Maria 20 euros"
        # (not "I owe you one", "I owe you an apology").
        (
            "owe",
            0.75,
            r"\b(?:i|we)\s+(?:still\s+)?owe\s+(?P<task>"
            + OWED
            + r"(?:\s+(?:back|for\s+[^.!?;]+))?)(?=\s*(?:[.!?;]|$))",
        ),
        # ...or owed to one paid for their work, said without the sum: "I still owe the
        # babysitter for last week" ("Pay the babysitter for last week"; not "I owe my landlord
        # an explanation").
        (
            "owe",
            0.75,
            r"\b(?:i|we)\s+(?:still\s+)?owe\s+(?P<task>(?:my|the|our)\s+(?:babysitter|nanny|"
            r"cleaner|plumber|electrician|contractor|mechanic|gardener|dog\s+walker|tutor|"
            r"handyman|builder|painter)(?:\s+for\s+[^.!?;,]+)?)(?=\s*(?:[.!?;,]|$))",
        ),
        # ...or a word owed: "I owe Mark a reply" ("Reply to Mark"), "I owe my mom a call".
        (
            "owe_word",
            0.75,
            r"\b(?:i|we)\s+(?:still\s+|really\s+)?owe\s+(?P<task>(?!(?:you|u)\b)[\w']+(?:\s+[\w']+)?\s+"
            r"an?\s+(?:reply|response|answer|call|phone\s+call|email|e-mail|text|message|visit|"
            r"apology)\b.*)",
        ),
        # Not what not to do: "Let's not talk about it" ("let's not forget to ..." is one).
        (
            "lets",
            0.70,
            r"^(?:(?:ok|okay|so|alright)\W+)?let'?s\s+(?:not\s+forget\s+to\s+)?(?!not\b)(?P<task>.+)",
        ),
        (
            "should",
            0.65,
            SUBJECT + r"\s+" + FILLER + r"(?:should|ought\s+to)\s+"
            r"(?!have\b)" + FILLER + r"(?P<task>.+)",
        ),
        # A wish or a plan with a deadline is a goal: "I want to finish the book by Sunday", "I
        # plan to finish the chapter by Sunday" ("I want to visit Japan someday", "I'm planning
        # to go to Paris next year" are wishes: `core.tasks`).
        (
            "want_by",
            0.65,
            SUBJECT + r"(?:\s+" + FILLER + r"(?:(?:want|would\s+like|hope|plan|intend|aim)\s+to|"
            r"wanna|am\s+(?:planning|aiming)\s+to)|'d\s+like\s+to|'m\s+(?:planning|aiming)\s+to|"
            r"(?:'ll|\s+will|(?:'m|\s+am|'re|\s+are)\s+(?:gonna|going\s+to))\s+"
            + FILLER
            # ...or a commitment ("I'll email Sarah the report by Friday"), not what will have
            # happened by then ("I'll have forgotten it by tomorrow").
            + r"(?!(?:\w+\s+){0,2}have\s+(?:been|done|gone|had|made|got|left|"
            r"[a-z]+(?:ed|en|nt|ought|aught))\b))"
            r"\s*(?P<task>.+)",
        ),
        # What one's work asks for by a time: "My boss wants the Q3 report by Friday" ("The Q3
        # report for my boss"; only with its time).
        (
            "wanted_of_me",
            0.80,
            r"\b(?P<task>(?:my|our|the)\s+(?:boss|manager|supervisor|client|customer|teacher|"
            r"professor|editor|landlord|team|accountant|lawyer|advisor)\s+(?:wants|needs|expects|"
            r"asked\s+for)\s+(?:the|my|a|an|our)\s+(?:(?!\s+and\s+(?:i|we)\b).)+)",
        ),
        ("might_need", 0.55, SUBJECT + r"\s+(?:might|may)\s+(?:need|have)\s+to\s+(?P<task>.+)"),
    )
)
REMIND = next(pattern for name, _, pattern in PATTERNS if name == "remind")
REMINDER_STRENGTH = next(strength for name, strength, _ in PATTERNS if name == "remind")
# Requests phrased as questions ("Can you remind me to...?") are still requests, and asked
# for wherever they stand: the mood of an instruction.
REQUESTS = {
    "remind",
    "reminder",
    "make_sure",
    "on_my_list",
    "shopping",
    "calendar",
    "not_to_miss",
    "noted",
    "leave_without",
}
# Phrases that, opening a sentence, are instructions ("Follow up on the invoice."); that mood
# counts like a deadline. Others ("I need to") are statements wherever they stand.
DIRECTIVES = {
    "todo",
    "checkbox",
    "on_my_list",
    "dont_forget",
    "forget_thing",
    "remember_to",
    "make_sure",
    "follow_up",
    "next_step",
}
# A reminder asked for with nothing to do in it ("Remind me in an hour.", "Remind me about
# it tomorrow.", "Can you set a reminder for Friday?"), its time taken out: it asks for the
# to-do said before it, by then.
FOLLOWING_REMINDER = re.compile(
    r"^(?:(?:ok|okay|so|and|oh|also|hey|btw|just|then|" + PLEASE + r")\W+)*"
    r"(?:" + ASKING_YOU + r")?"
    r"(?:remind|ping|nudge)\s+me(?:\s+(?:about|abt|of)\s+(?:it|that|this|them))?"
    # ...or not to let it be forgotten: "It's Sarah's birthday on Sunday, don't let me forget".
    r"|^(?:" + PLEASE + r"\s+)?(?:don'?t|do\s+not)\s+(?:let\s+me\s+)?forget(?:\s+(?:it|that|this))?"
    r"|^(?:(?:" + ASKING_YOU + r")?make\s+sure\s+i\s+(?:don'?t|do\s+not)\s+forget"
    r"(?:\s+(?:it|that|this))?)"
    r"|^(?:set|add|make|create)\s+(?:an?\s+|me\s+an?\s+)?(?:reminder|alarm)(?:\s+(?:for|about)\s+"
    r"(?:it|that|this|them))?(?:\s+for)?"
    # ...or to be kept: "Put it on my calendar.", "Can you add it to my shopping list?"
    r"|^(?:"
    + ASKING_YOU
    + r")?(?:add|put|pop)\s+(?:it|that|this|them)\s+(?:"
    + ON_CALENDAR
    + r"|(?:to|on)\s+(?:my|the|our)\s+(?:shopping|grocery|groceries|to-?do)\s+list)(?:\s+for)?"
)
