"""Inline rule extraction: what people say about themselves becomes keyed facts."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.ingest.rules import MAX_FACTS_PER_TURN, extract_facts
from core.model import Role, Turn


def facts(text: str) -> list[tuple[str | None, str]]:
    turn = Turn("t1", "s1", 0, Role.USER, text, datetime(2026, 1, 1, tzinfo=UTC), "Ana")
    return [(f.key, f.content) for f in extract_facts(turn)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live in Berlin and I love it.", [("ana: location", "Ana lives in Berlin")]),
        ("Big news: I moved to Lisbon last week!", [("ana: location", "Ana lives in Lisbon")]),
        ("I work at Acme Corp.", [("ana: employer", "Ana works at Acme Corp")]),
        ("My favorite color is green.", [("ana: favorite color", "Ana's favorite color is green")]),
        (
            "I don't like tea, but I prefer coffee.",
            [
                ("ana: likes tea", "Ana does not like tea"),
                ("ana: likes coffee", "Ana prefers coffee"),
            ],
        ),
        ("We decided to use Postgres for billing.", [(None, "Decided: use Postgres for billing")]),
        ("Let's go with the blue one.", [(None, "Decided: the blue one")]),
        (
            "I love running my own studio.",
            [("ana: likes running their own studio", "Ana loves running their own studio")],
        ),
        (
            "My favorite sport is running.",
            [("ana: favorite sport", "Ana's favorite sport is running")],
        ),
        ("My name is Sterling.", [("ana: name", "Ana's name is Sterling")]),
        (
            "I hate when people are late.",
            [("ana: likes when people are late", "Ana hates when people are late")],
        ),
        (
            "My favorite snack is a banana split - I have it after volunteering.",
            [("ana: favorite snack", "Ana's favorite snack is a banana split")],
        ),
        ("I'm living in Porto these days.", [("ana: location", "Ana lives in Porto")]),
        # An aside after the value, without a comma.
        ("I moved to Lisbon by the way.", [("ana: location", "Ana lives in Lisbon")]),
        ("I work at Orbital btw", [("ana: employer", "Ana works at Orbital")]),
        ("I live in Porto now anyway.", [("ana: location", "Ana lives in Porto")]),
        ("I'm based in Lisbon.", [("ana: location", "Ana lives in Lisbon")]),
        ("We moved to Lisbon in May.", [("ana: location", "Ana lives in Lisbon")]),
        ("I started a new job at Stripe.", [("ana: employer", "Ana works at Stripe")]),
        ("I quit my job at Siemens.", [("ana: employer", "Ana no longer works at Siemens")]),
        ("I work as a nurse.", [("ana: occupation", "Ana works as a nurse")]),
        ("I'm a hairdresser.", [("ana: occupation", "Ana is a hairdresser")]),
        ("I'm a bus driver.", [("ana: occupation", "Ana is a bus driver")]),
        ("I'm from the UK.", [("ana: origin", "Ana is from the UK")]),
        ("I grew up in Porto.", [("ana: origin", "Ana is from Porto")]),
        # Named in passing.
        ("It's a gift from my home country, Sweden.", [("ana: origin", "Ana is from Sweden")]),
        ("I miss my hometown of Santa Fe so much.", [("ana: origin", "Ana is from Santa Fe")]),
        ("Call me Sam.", [("ana: name", "Ana goes by Sam")]),
        ("I go by Élodie these days.", [("ana: name", "Ana goes by Élodie")]),
        ("I'm 34 years old.", [("ana: age", "Ana is 34 years old")]),
        (
            "I'm allergic to cats as well.",
            [("ana: allergic to cat", "Ana is allergic to cats")],
        ),
        (
            "I'm a vegan and I can't stand mushrooms.",
            [("ana: diet", "Ana is vegan"), ("ana: likes mushrooms", "Ana hates mushrooms")],
        ),
        ("I don't drink coffee.", [("ana: drinks coffee", "Ana does not drink coffee")]),
        ("We settled on the blue sofa.", [(None, "Decided: the blue sofa")]),
        ("I have a dog named Luna.", [("ana: dog luna", "Ana has a dog named Luna")]),
        ("I don't live in Berlin anymore.", [("ana: location", "Ana no longer lives in Berlin")]),
        # Told, then asked back: still told.
        ("I'm vegetarian, are you?", [("ana: diet", "Ana is vegetarian")]),
        # A year is when, not where; a dot inside a word does not end the value; a name
        # keeps its capital.
        ("I was born in 1988.", [("ana: born", "Ana was born in 1988")]),
        ("My email is ana@example.com.", [("ana: email", "Ana's email is ana@example.com")]),
        (
            "I live in Lisbon.I work at Acme.",
            [("ana: location", "Ana lives in Lisbon"), ("ana: employer", "Ana works at Acme")],
        ),
        # His age, on a key of its own: "I have a son named Leo" (his name's key) still holds.
        ("My son Leo is 7.", [("ana: son leo age", "Ana's son Leo is 7")]),
        # A known line of work, with what qualifies it; a partner by name.
        ("I'm a nurse.", [("ana: occupation", "Ana is a nurse")]),
        (
            "I'm a senior software engineer at Google.",
            [
                ("ana: occupation", "Ana is a senior software engineer"),
                ("ana: employer", "Ana works at Google"),
            ],
        ),
        ("I'm married to Tomás.", [("ana: partner", "Ana is married to Tomás")]),
        # What ends or changes a fact, on the key it changes.
        ("I quit Acme last month.", [("ana: employer", "Ana no longer works at Acme")]),
        ("I got laid off from Initech.", [("ana: employer", "Ana no longer works at Initech")]),
        ("I'm no longer vegetarian.", [("ana: diet", "Ana is no longer vegetarian")]),
        ("I stopped being vegan.", [("ana: diet", "Ana is no longer vegan")]),
        ("I'm not vegan anymore.", [("ana: diet", "Ana is no longer vegan")]),
        (
            "I like both cats and dogs.",
            [("ana: likes both cats and dogs", "Ana likes both cats and dogs")],
        ),
        (
            "I studied law at Yale, then hard at the library.",
            [("ana: field of study", "Ana studied law"), ("ana: school", "Ana studied at Yale")],
        ),
        # How many children or siblings, by name where said.
        (
            "I have two brothers and a sister.",
            [("ana: siblings", "Ana has two brothers and a sister")],
        ),
        # A party to go to, not a child one has (a plan since "'s" is read in its kind).
        (
            "I have a kid's birthday party tomorrow.",
            [(None, "Ana is having a kid's birthday party on 2 January")],
        ),
        (
            "We have two dogs, Rex and Bo.",
            [
                ("ana: pets", "Ana has two dogs, Rex and Bo"),
                ("ana: dog rex", "Ana has a dog named Rex"),
                ("ana: dog bo", "Ana has a dog named Bo"),
            ],
        ),
        # Where the people in one's life live and work is theirs, not the user's.
        (
            "My sister Mia just moved to Berlin.",
            [("ana: sister mia location", "Ana's sister Mia lives in Berlin")],
        ),
        (
            "My Mom lives in Faro, and my older brother works at Google.",
            [
                ("ana: mom location", "Ana's mom lives in Faro"),
                ("ana: older brother employer", "Ana's older brother works at Google"),
            ],
        ),
        ("My dad works at night and my mom lives in the moment.", []),
        # Languages spoken and what one plays, each its own; words that name neither are none.
        (
            "I speak fluent Spanish and a little Japanese.",
            [
                ("ana: speaks spanish", "Ana speaks Spanish"),
                ("ana: speaks japanese", "Ana speaks Japanese"),
            ],
        ),
        ("I no longer play golf.", [("ana: plays golf", "Ana no longer plays golf")]),
        (
            "I play the guitar and tennis.",
            [
                ("ana: plays guitar", "Ana plays the guitar"),
                ("ana: plays tennis", "Ana plays tennis"),
            ],
        ),
        ("I speak my mind and I play a big role here.", []),
        # A language spoken is no wish for how replies are written.
        ("No problem, I speak French too.", [("ana: speaks french", "Ana speaks French")]),
        # "My X are ...": one fact, the list whole; a passing state is none.
        (
            "My hobbies are painting and hiking.",
            [("ana: hobbies", "Ana's hobbies are painting and hiking")],
        ),
        (
            "My favorite foods are pizza, sushi and tacos.",
            [("ana: favorite foods", "Ana's favorite foods are pizza, sushi and tacos")],
        ),
        ("My kids are at school.", []),
        (
            "My family is my motivation and they keep me going.",
            [("ana: family", "Ana's family is their motivation")],
        ),
        ("I love hiking and I go every week.", [("ana: likes hiking", "Ana loves hiking")]),
        # ...as people say it: now, since when, or having become one.
        ("I'm vegan now.", [("ana: diet", "Ana is vegan")]),
        ("I've been vegetarian for years.", [("ana: diet", "Ana is vegetarian")]),
        ("I went vegan last month.", [("ana: diet", "Ana is vegan")]),
        (
            "I'm not allergic to peanuts, that was my brother.",
            [("ana: allergic to peanut", "Ana is not allergic to peanuts")],
        ),
        ("I'm 35 now.", [("ana: age", "Ana is 35 years old")]),
        ("I turned 40 yesterday.", [("ana: age", "Ana is 40 years old")]),
        ("I was born on May 3, 1990.", [("ana: born", "Ana was born on May 3, 1990")]),
        # A person's facts are each their own: her role did not replace her name.
        (
            "My wife is Anna. My wife is a nurse. My wife is vegetarian. My son is 7 years old.",
            [
                ("ana: wife", "Ana's wife is Anna"),
                ("ana: wife role", "Ana's wife is a nurse"),
                ("ana: wife diet", "Ana's wife is vegetarian"),
                ("ana: son age", "Ana's son is 7 years old"),
            ],
        ),
        # Where one works and as what, said together; a town without what comes with it.
        (
            "I work at Siemens as an engineer.",
            [
                ("ana: employer", "Ana works at Siemens"),
                ("ana: occupation", "Ana works as an engineer"),
            ],
        ),
        (
            "I work as a designer for Google.",
            [
                ("ana: occupation", "Ana works as a designer"),
                ("ana: employer", "Ana works at Google"),
            ],
        ),
        ("I live in Lisbon with my wife.", [("ana: location", "Ana lives in Lisbon")]),
        ("I live in a flat in Lisbon.", [("ana: location", "Ana lives in Lisbon")]),
        ("I live in Berlin near the river.", [("ana: location", "Ana lives in Berlin")]),
        (
            "I live in a small town near Porto.",
            [("ana: location", "Ana lives in a small town near Porto")],
        ),
        # ...nor where one moved from, nor a month (it was "lives in Berlin from Paris", "lives
        # in March").
        ("I moved to Berlin from Paris.", [("ana: location", "Ana lives in Berlin")]),
        ("I moved to the sales team in March.", []),
        # ...for one's people too, several of them living there (it was "parents lives in
        # Florida when they retired").
        (
            "My parents moved to Florida when they retired.",
            [("ana: parents location", "Ana's parents live in Florida")],
        ),
        (
            "My boss moved to Lisbon after the merger.",
            [("ana: boss location", "Ana's boss lives in Lisbon")],
        ),
        # Each of a list, up to where the sentence goes on about something else.
        (
            "I'm allergic to penicillin, peanuts and shellfish, and I live in Rome.",
            [
                ("ana: allergic to penicillin", "Ana is allergic to penicillin"),
                ("ana: allergic to peanut", "Ana is allergic to peanuts"),
                ("ana: allergic to shellfish", "Ana is allergic to shellfish"),
                ("ana: location", "Ana lives in Rome"),
            ],
        ),
        # Asked to be remembered, in the user's words; what a rule reads in it, by its key.
        (
            "Thanks! Remember that Tom's birthday is June 3.",
            [(None, "Ana asked to remember: Tom's birthday is June 3")],
        ),
        (
            "Don't forget that the car needs an oil change in March.",
            [(None, "Ana asked to remember: the car needs an oil change in March")],
        ),
        ("Remember that I live in Lisbon now.", [("ana: location", "Ana lives in Lisbon")]),
        # ...or said as one's own need (it was none, and a to-do).
        (
            "I need to remember that Tom is allergic to nuts.",
            [(None, "Ana asked to remember: Tom is allergic to nuts")],
        ),
        # Said twice in a message, a key holds what was said last.
        ("I don't live in a house, I live in a flat.", [("ana: location", "Ana lives in a flat")]),
        # A student's school is no employer ("I'm a student at MIT" worked at MIT).
        (
            "I'm a PhD student at MIT.",
            [("ana: occupation", "Ana is a PhD student"), ("ana: school", "Ana studies at MIT")],
        ),
        (
            "I study law at Oxford.",
            [("ana: school", "Ana studies at Oxford"), ("ana: field of study", "Ana studies law")],
        ),
        ("I go to Lincoln High School.", [("ana: school", "Ana studies at Lincoln High School")]),
        ("I graduated from Yale in 2015.", [("ana: school", "Ana graduated from Yale in 2015")]),
        ("I'm from Ohio originally.", [("ana: origin", "Ana is from Ohio")]),
        # Introducing oneself; how long one has worked somewhere is not where.
        (
            "Hi! I'm Ana, I work part-time at a bakery.",
            [
                ("ana: name", "Ana goes by Ana"),
                ("ana: employer", "Ana works at a bakery"),
                ("ana: work hours", "Ana works part-time"),
            ],
        ),
        ("I've been working at Siemens for 3 years.", [("ana: employer", "Ana works at Siemens")]),
        (
            "I have a severe peanut allergy.",
            [("ana: allergic to peanut", "Ana has a peanut allergy")],
        ),
        ("I can't eat gluten.", [("ana: eats gluten", "Ana does not eat gluten")]),
        # What they must not take, said another way ("I don't have a car" tells no diet).
        ("I can't have dairy.", [("ana: has dairy", "Ana cannot have dairy")]),
        ("I can't have that.", []),
        ("I don't have dairy in the house.", []),
        # How to be answered, asked of the assistant.
        (
            "Could you answer in Portuguese from now on? No emojis please.",
            [
                ("ana: replies language", "Ana wants replies in Portuguese"),
                ("ana: replies emojis", "Ana wants no emojis in replies"),
            ],
        ),
        ("I prefer short answers.", [("ana: replies length", "Ana wants short replies")]),
        ("Don't forget that I live in Rome now.", [("ana: location", "Ana lives in Rome")]),
        # What one is weighing doing (it was none; not "thinking about you").
        (
            "I'm thinking about moving to Spain.",
            [(None, "Ana is thinking about moving to Spain")],
        ),
        (
            "I'm considering going back to school.",
            [(None, "Ana is considering going back to school")],
        ),
        ("I'm thinking about you.", []),
        ("I'm thinking of going to bed.", []),
        # What one did, kept short (not every day's doings).
        (
            "I just adopted a puppy named Max!",
            [
                ("ana: puppy max", "Ana has a puppy named Max"),
                (None, "Ana adopted a puppy named Max"),
            ],
        ),
        ("I ran a half marathon last Sunday.", [(None, "Ana ran a half marathon")]),
        # ... with the family, or not yet over; a time said before "ago" is the memory's own.
        (
            "We went camping with my fam two weekends ago.",
            [(None, "Ana went camping with their fam between 20 and 21 December 2025")],
        ),
        ("Yesterday I took the kids to the museum.", [(None, "Ana took the kids to the museum")]),
        ('I just watched "Little Women" last night!', [(None, "Ana watched Little Women")]),
        ("I went on a road trip to Oregon.", [(None, "Ana went on a road trip to Oregon")]),
        (
            "I've been running farther to de-stress, which helps.",
            [(None, "Ana has been running farther to de-stress")],
        ),
        (
            "I've been volunteering at a homeless shelter.",
            [(None, "Ana has been volunteering at a homeless shelter")],
        ),
        ("I've been going to the gym.", [(None, "Ana has been going to the gym")]),
        ("I'm doing kickboxing and I love it.", [(None, "Ana is doing kickboxing")]),
        ("I'm learning to code.", [(None, "Ana is learning to code")]),
        ("I'm working on a screenplay.", [(None, "Ana is working on a screenplay")]),
        # ...working towards, or getting over (each was none; not "trying to figure this out").
        ("I'm trying to lose weight.", [(None, "Ana is trying to lose weight")]),
        ("I'm recovering from knee surgery.", [(None, "Ana is recovering from knee surgery")]),
        (
            "I also lost my job at Door Dash this month.",
            [("ana: employer", "Ana no longer works at Door Dash")],
        ),
        ("I'm passionate about dancing.", [("ana: likes dancing", "Ana loves dancing")]),
        ("I've always been into jazz.", [("ana: likes jazz", "Ana likes jazz")]),
        ("I'm drawn to turtles.", [("ana: likes turtles", "Ana likes turtles")]),
        ("We decided not to go to Spain.", [(None, "Decided: not to go to Spain")]),
        ("I'm going with the cheaper plan.", [(None, "Decided: the cheaper plan")]),
        ("I picked the 2pm slot.", [(None, "Decided: the 2pm slot")]),
        (
            "Stop using bullet points.",
            [("ana: replies bullet points", "Ana wants no bullet points in replies")],
        ),
        # ... as people type them.
        ("Please speak english", [("ana: replies language", "Ana wants replies in English")]),
        ("Use fewer emojis", [("ana: replies emojis", "Ana wants fewer emojis in replies")]),
        ("Please be more detailed.", [("ana: replies length", "Ana wants detailed replies")]),
        ("Respond briefly.", [("ana: replies length", "Ana wants short replies")]),
        (
            "No bullet points.",
            [("ana: replies bullet points", "Ana wants no bullet points in replies")],
        ),
        # ...and asked politely (each was none).
        (
            "I'd rather you didn't use emojis.",
            [("ana: replies emojis", "Ana wants no emojis in replies")],
        ),
        (
            "Can you not use so many bullet points?",
            [("ana: replies bullet points", "Ana wants no bullet points in replies")],
        ),
        ("I'd prefer shorter answers.", [("ana: replies length", "Ana wants short replies")]),
    ],
)
def test_statements_about_oneself_become_facts(text: str, expected: list) -> None:
    assert facts(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I like it a lot",
        "my point is that nobody cares",
        "How is the weather?",
        "ok",
        # Said of something around them (LoCoMo dev): alone, they would mean nothing.
        "I love how it shows the togetherness.",
        "I love your turtles!",
        "I love watching them play.",
        "The thing I love is the quiet.",
        # States, not attributes a later statement would replace.
        "My hard work is paying off.",
        "My team is like my second family.",
        # Not about where the speaker lives, comes from, is called or how old they are.
        "I'm from work, just got home.",
        "Call me tomorrow.",
        "Call me Monday.",
        "I'm 5 minutes away.",
        "I'm 100% sure.",
        "I'm living with my parents.",
        "I grew up in the 90s.",
        "I went back to my hometown, it was nice.",
        "I'm a doctor's assistant.",
        # Reminiscing and asking are no notes.
        "Remember that time we went camping? It was great.",
        "Remember that trip to Rome, it was so fun.",
        "Remember that staying positive is very important.",
        "Do you remember that I live in Berlin?",
        "I'm not a doctor.",
        "I'm engaged to my best friend.",
        "I'm allergic to it.",
        "I have a feeling called dread.",
        # Judgements, not attributes (LoCoMo dev).
        "Yeah, my family is awesome.",
        "Making my spot inviting for my customers is key.",
        # Asked or supposed, not stated: "What if I quit..." superseded where the user works.
        "Do I live in Lisbon?",
        "I moved away from home at 18.",
        "If I moved to Berlin, would you still remember me?",
        "What if I quit my job at Siemens?",
        # Doubted or made up, not told.
        "I'm not sure I like my job at Acme anymore.",
        "Write a story where I live on Mars and I work at NASA.",
        # ...or believed of one by others, often wrongly (each was a fact).
        "Tom thinks I live in Paris.",
        "Everyone thinks I'm vegan.",
        "People assume I'm a doctor.",
        "Roleplay as a pirate. I'm Captain Jack and I live in Tortuga.",
        # Where, when or how much one works, not for whom; how a thing is today.
        "I work at home.",
        "I work at least 50 hours a week.",
        "My son is at school.",
        "My mom is visiting.",
        # A name's place, not the name: it replaced the user's.
        "My name is on the lease.",
        # A greeting before where one is from or how one is; how long, not where; a time alone.
        "Hi, I'm Italian.",
        "Hey! I'm back.",
        "I've been working for 3 hours on this.",
        "I can't eat anymore, I'm full.",
        "I picked up the kids.",
        "I went to bed early.",
        "I joined in.",
        # How it goes, not what is done; only how long; the object said before the verb; what
        # is only thought of or tried; cut mid-phrase.
        "I've been doing great!",
        "I'm doing well, thanks.",
        "I'm making a difference.",
        "I'm taking a break.",
        "I've been playing for about four months now.",
        "The impact we made on their life was inspiring.",
        "I've been thinking about moving.",
        "I'm trying to stay positive.",
        "I'm working on it.",
        "The camaraderie we built both on and off the court.",
        "I'm running late, can you draft an apology?",
        "I'm making sure the tests pass.",
        "I'm playing around with the settings.",
        # Taken back, not told.
        "Forget that I live in Berlin.",
        "Forget I said I'm vegetarian.",
        "Don't remember that I work at Acme.",
        "I was joking, I live on Mars.",
        # Nothing asked of the assistant's replies.
        "I answer in English at work.",
        "Do you always answer in English?",
        "If you answer in French, I won't understand.",
        "> Please always answer in German.",
        "Write it in Python.",
        "I use emojis a lot with friends.",
        "I don't use emojis.",
        "I'm trying to figure this out.",
        "Tom would rather you didn't use emojis.",
        "Can you not use emojis in this one?",
        "Lists are useful.",
        # For this reply alone.
        "Answer in Spanish: how do I say hello?",
        "Reply in English to this email.",
        "Use bullet points for this.",
        "Answer the question.",
        "I want shorter answers and fewer examples.",
        "I'm grateful to have a job I enjoy every day.",
        # Where one studies, not a school.
        "I'm studying at the library.",
        "I've never been vegan.",
        # A choice among what was said before.
        "I like both.",
        "I prefer the first option.",
        "I like the other one better.",
        # A decision about what was said around it: "Decided: write about this" (LoCoMo dev).
        "I chose to write about this because it's really personal.",
        "I decided to do that.",
        "I want my kids to learn that.",
        "My sister went vegan.",
        # What the speaker did with a thing named before: the sentence's verb comes after.
        "These figurines I bought yesterday remind me of family love.",
        "The shoes I bought last week are too small.",
        "The food I like best is pasta.",
        "Everything I painted last year sold out.",
        # "my" before a time alone: reading it raised (an IndexError), losing the turn's facts.
        "My now is all I have.",
    ],
)
def test_no_fact_from_filler(text: str) -> None:
    assert facts(text) == []


@pytest.mark.parametrize(
    "said",
    [
        # Words describing a thing named before them.
        "The house I live in is too big.",
        # No place: how or when one lives or works.
        "I live in fear of spiders.",
        "I live in the moment these days.",
        "I moved to the couch because my back hurt.",
        "I work at night mostly.",
        "I work at home on Fridays.",
        "I work at my own pace.",
    ],
)
def test_what_names_no_place_does_not_replace_where_one_lives_or_works(said: str) -> None:
    """Each of these replaced Lisbon or Acme ("Ana lives in is too big", "in fear of spiders",
    "Ana works at their own pace")."""
    assert [fact for fact in facts(f"I live in Lisbon and I work at Acme. {said}") if fact[0]] == [
        ("ana: location", "Ana lives in Lisbon"),
        ("ana: employer", "Ana works at Acme"),
    ]


def test_a_place_a_home_a_companion_or_a_time_still_tell_where_one_lives() -> None:
    assert facts("I live in downtown Boston.") == [
        ("ana: location", "Ana lives in downtown Boston")
    ]
    assert facts("We moved to a bigger place.") == [
        ("ana: location", "Ana lives in a bigger place")
    ]
    assert facts("My husband and I bought a house in Porto.") == [
        (None, "Ana bought a house in Porto")
    ]
    assert facts("The other day I joined a choir.") == [
        (None, "Ana joined a choir between 25 and 31 December 2025")
    ]


def test_a_key_said_twice_holds_the_last_and_a_paste_yields_few_facts() -> None:
    assert facts("Call me Sam. Actually, call me Sammy.") == [("ana: name", "Ana goes by Sammy")]
    pasted = " ".join(f"I like dish number {i}." for i in range(500))
    assert len(facts(pasted)) == MAX_FACTS_PER_TURN
