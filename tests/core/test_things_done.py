"""Things done told in passing are short memories of their own: where one was ("I was in
Chicago"), where one came back from, and the second of two things done ("I took your advice
and watched ..."), what one is having and when, a pet got by name. A title in quotation marks
keeps them whole."""

from __future__ import annotations

import pytest

from core.ingest.rules import extract_facts
from core.model import Role, Turn
from tests.core.test_life_events import TOLD, told


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        ("I was in Chicago, it was awesome!", "Ana was in Chicago"),
        ("I just got back from Paris.", "Ana got back from Paris"),
        ("We came back from Lisbon on Sunday.", "Ana came back from Lisbon"),
        (
            'I took your recommendation and watched "The Lord of the Rings" trilogy last night!',
            'Ana watched "The Lord of the Rings" trilogy',
        ),
        ("I woke up early and went to the farmers market.", "Ana went to the farmers market"),
        # Being somewhere, told by how it went.
        ("I had a great time at the concert!", "Ana had a great time at the concert"),
        ("We had a blast at a live music event.", "Ana had a blast at a live music event"),
        ("We all made our own pots, it was fun!", "Ana made their own pots"),
        ("I got the chance to visit Rome.", "Ana got the chance to visit Rome"),
        # Common things done that had been none.
        ("I competed in a dance competition.", "Ana competed in a dance competition"),
        ("I traveled to Japan in March.", "Ana traveled to Japan in March"),
        (
            "I received an award for my volunteering.",
            "Ana received an award for their volunteering",
        ),
        ("I gave a talk at the conference.", "Ana gave a talk at the conference"),
        (
            "I recently gave a few talks at the homeless shelter.",
            "Ana gave a few talks at the homeless shelter",
        ),
        (
            "I made it to the finals of a big tournament.",
            "Ana made it to the finals of a big tournament",
        ),
        # What one did as a rule, once: "when I was" is when they were.
        (
            "I used to go horseback riding with my dad when I was a kid.",
            "Ana used to go horseback riding with their dad when they were a kid",
        ),
        ('I\'m reading "Dune" by Frank Herbert.', 'Ana is reading "Dune" by Frank Herbert'),
        # A place one goes to, told with who goes there.
        (
            "I donated my old car to a homeless shelter I volunteer at yesterday.",
            "Ana donated their old car to a homeless shelter they volunteer at",
        ),
        # "When I was younger" is a time gone by, not a supposition ("When I move ...").
        (
            "When I was younger, my family and I went on a road trip to Oregon.",
            "Ana went on a road trip to Oregon",
        ),
        (
            "I got to volunteer at a career fair at a local school, it was incredible.",
            "Ana got to volunteer at a career fair at a local school",
        ),
        (
            "I met back up with my teammates after my trip and it was amazing!",
            "Ana met back up with their teammates after their trip",
        ),
        # "when I shared" is a time gone by ("When I need help" is no telling).
        (
            "I was so nervous when I shared my book with my writers group.",
            "Ana shared their book with their writers group",
        ),
        (
            "We even went on another camping trip in the forest.",
            "Ana went on another camping trip in the forest",
        ),
        (
            "We roasted marshmallows around the campfire.",
            "Ana roasted marshmallows around the campfire",
        ),
        (
            "Last week I retook the aptitude test.",
            "Ana retook the aptitude test between 9 and 15 November",
        ),
        ("I found a violin concert for the kids.", "Ana found a violin concert for the kids"),
        # "we" is told of the speaker's people, as "our" is.
        (
            "I found a violin concert that we all enjoyed.",
            "Ana found a violin concert that they all enjoyed",
        ),
        ("We even played some chess afterwards.", "Ana played some chess afterwards"),
        ("Dyed my hair yesterday - come see!", "Ana dyed their hair"),
        (
            "I've been working hard on my store and just teamed up with a local artist.",
            "Ana teamed up with a local artist",
        ),
        ("I actually started on a book recently!", "Ana started on a book"),
        ("So I reached out to the shelter and asked.", "Ana reached out to the shelter"),
        # Meeting people; the friend's liking is theirs, no attribute of the speaker's.
        (
            "Last week I talked to my friend who is a fan of Harry Potter.",
            "Ana talked to their friend who is a fan of Harry Potter between 9 and 15 November",
        ),
        (
            "I had a nice chat with a fan in California.",
            "Ana had a nice chat with a fan in California",
        ),
        # A trip told in passing, to a place by its name.
        (
            "I snapped that pic on my trip to the Smoky Mountains last year.",
            "Ana went on a trip to the Smoky Mountains in 2025",
        ),
        ("On our recent trip to Lisbon we ate so well.", "Ana went on a trip to Lisbon"),
        # ...or a hike, a walk or a camping trip somewhere named, the time said in between.
        (
            "I took that pic on a hike last summer near Fort Wayne.",
            "Ana went on a hike near Fort Wayne between June and August",
        ),
        ("On our camping trip in Yosemite we saw bears.", "Ana went on a camping trip in Yosemite"),
        # A thing made, shown.
        ("Here's a photo of my horse painting I did recently.", "Ana did their horse painting"),
        ("Here's a pic of a cake I made recently!", "Ana made a cake"),
        # Busy doing it, said in chat's shorthand too.
        (
            "Been real busy tackling a project to support military veterans.",
            "Ana has been tackling a project to support military veterans",
        ),
        ("I've been so busy working on my store.", "Ana has been working on their store"),
        # What one is looking or studying for (each was none).
        ("I'm looking for a new job.", "Ana is looking for a new job"),
        ("I'm studying for the bar exam.", "Ana is studying for the bar exam"),
        # What one is in the middle of.
        (
            "My writing is going well: I'm in the middle of a fantasy novel and it's exciting!",
            "Ana is in the middle of a fantasy novel",
        ),
        # A deal, an offer or an award got.
        (
            "Last week I got this amazing deal with a renowned outdoor gear company.",
            "Ana got an amazing deal with a renowned outdoor gear company between 9 and 15 "
            "November",
        ),
        (
            "I tried my hand at the local Street Fighter tournament this time.",
            "Ana tried their hand at the local Street Fighter tournament",
        ),
        # Plans with a time: "having" one too.
        (
            "Next month I'm having an art show with my paintings!",
            "Ana is having an art show with their paintings in December",
        ),
        ("I'm having a party on Friday.", "Ana is having a party on 20 November"),
        # A pet got, by name: keyed by it, as one had.
        ("We got another cat named Bailey too.", "Ana has a cat named Bailey"),
        # ...or named in passing.
        (
            "That was from a trip we took for my daughter Sara's birthday!",
            "Ana has a daughter named Sara",
        ),
        ("My dog Rex is so cute.", "Ana has a dog named Rex"),
        # Anyone the people words name, as every other rule reads them.
        ("I had lunch with my boss Tom today.", "Ana has a boss named Tom"),
        ("My fiance Alex proposed in Paris!", "Ana has a fiance named Alex"),
        # "This" shown or just said is one of its kind, once it stands alone.
        ("I just finished this amazing fantasy series.", "Ana finished an amazing fantasy series"),
        (
            "I've been reading this inspiring book, it reminds me to keep dreaming.",
            "Ana has been reading an inspiring book",
        ),
        ("I made this tasty soup last night.", "Ana made a tasty soup"),
        # A quotation mark the clause's end left open is none.
        (
            'I finished rereading "The Alchemist, it was great.',
            "Ana finished rereading The Alchemist",
        ),
    ],
)
def test_a_thing_done_told_in_passing_is_a_memory(text: str, memory: str) -> None:
    assert told(text) == [memory]


@pytest.mark.parametrize(
    "text",
    [
        "I told him and he watched it.",  # he watched, not the speaker
        "I love it and watched it twice.",  # "it" says nothing alone
        "I was in the kitchen.",  # where, but no place named
        "I was in a hurry.",
        "I'm having a hard time.",  # no plan: no time it is for
        "When I move to Berlin, I'll join a club.",  # supposed
        "When I need help, I call my mom.",
        "On my trip to the beach I read a lot.",  # no place named
        "I saw the point.",  # an idiom, not a thing seen
        "I found it hard.",
        "I had a great time.",
        "I used to be shy.",  # how they were, not what they did
        "I used to think so.",
        "I made it!",
        "I fixed it.",
        "I talked to him.",
        "I called my mom Monday.",  # a day, not a name
        "I've been playing ever since.",  # how long, not what
        "I joined a club in.",
        "On a walk in the park I saw it.",  # no place named, and "it" says nothing alone
        "I made this.",
        "Did you see the cake I made?",  # asked
        "I'm in the middle of nowhere.",  # where, not what
        "I'm in the middle of it.",
        "I finished this book.",  # "this" and one word: what it is, not said
        "I've been dreaming of this for a while.",
        "I painted this after I visited the center.",
        "I'm looking for my keys.",  # a moment's, not a search of one's life
        "I'm looking for a good book.",
    ],
)
def test_what_is_not_the_speakers_thing_done_is_none(text: str) -> None:
    assert told(text) == []


def test_a_clause_telling_when_is_not_what_the_speaker_is_doing_now() -> None:
    """LoCoMo dev D27:17 had kept "Nate is playing games with friends", read as now."""
    assert told("Sometimes I even use it when I'm playing games with friends.") == []
    assert told("When I'm playing games with friends, I forget about work.") == []
    assert told("I'm playing games with friends tonight.") == ["Ana is playing games with friends"]
    # One thing done while another is both.
    assert "Ana lives in Madrid" in told("I'm learning Spanish while I'm living in Madrid.")


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        (
            "Playing video games and watching movies are my main hobbies.",
            "Ana's main hobbies are playing video games and watching movies",
        ),
        ("Pizza is my favorite food.", "Ana's favorite food is Pizza"),
        ("Beijing is my favorite city.", "Ana's favorite city is Beijing"),
        ("That is my favorite song.", None),  # points at something said before
        ("I think this is my favorite place.", None),
        (
            "Same here! Dance is pretty much my go-to for stress relief.",
            "Ana's go-to for stress relief is Dance",
        ),
        ("Yoga is my go-to.", "Ana's go-to is Yoga"),
        # What one's favourite of a kind is, told with a hyphen; "this" one is one of its kind.
        (
            "My favorite dairy-free treat is this amazing chocolate raspberry tart.",
            "Ana's favorite dairy-free treat is an amazing chocolate raspberry tart",
        ),
        ("That is my go-to.", None),
        # One of them: liked. The capital is the sentence's, not a name's.
        ("Coconut milk ice cream is one of my favorites!", "Ana loves coconut milk ice cream"),
        ("The Hobbit is one of my favorite books.", "Ana loves The Hobbit"),
        ("It's one of my favorites.", None),
        ("That event was one of my favorites.", None),
        # A title in quotation marks, said in passing.
        (
            'I saw that you had "The Alchemist" on there, one of my favorites.',
            "Ana loves The Alchemist",
        ),
        ('You have "Dune" on your shelf, one of my all-time favorites!', "Ana loves Dune"),
        ('She said "I hate it", one of my favorites.', None),
    ],
)
def test_what_ones_favourite_is_said_the_other_way_round(text: str, memory: str | None) -> None:
    assert told(text) == ([memory] if memory else [])


def test_a_go_to_said_again_replaces_the_first() -> None:
    """A later "Running is my go-to for stress relief" supersedes "Dance is ...": one key."""
    keys = [
        extract_facts(Turn("t1", "s", 0, Role.USER, text, TOLD, "Ana"))[0].key
        for text in (
            "Dance is my go-to for stress relief.",
            "Running is my go-to for stress relief.",
        )
    ]
    assert keys == ["ana: go-to for stress relief"] * 2


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        (
            "Taking care of ourselves is vital. I'm off to go swimming with the kids. Bye!",
            "Ana is going swimming with the kids",
        ),
        ("Let's catch up soon. I'm off to do some taekwondo!", "Ana is doing some taekwondo"),
        ("I'm off to bed.", None),  # every day's
        ("I'm off to go to bed.", None),
        ("I'm off to do it.", None),  # points at something said before
        ("I'm off to the gym.", None),  # no doing named, no time
    ],
)
def test_what_one_is_off_to_do_now_is_kept(text: str, memory: str | None) -> None:
    assert told(text) == ([memory] if memory else [])


def test_a_favourite_said_either_way_round_is_one_key() -> None:
    """Saying "Pizza is my favorite food" after "My favorite food is sushi" supersedes it."""
    keys = [
        extract_facts(Turn("t1", "s", 0, Role.USER, text, TOLD, "Ana"))[0].key
        for text in ("My favorite food is sushi.", "Pizza is my favorite food.")
    ]
    assert keys == ["ana: favorite food", "ana: favorite food"]


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        (
            "Hey! Still busy with my biz. Took a cooking class last month to clear my mind.",
            "Ana took a cooking class in October to clear their mind",
        ),
        (
            "Just got back from a family road trip, it was fun!",
            "Ana got back from a family road trip",
        ),
        ("Recently started learning an instrument.", "Ana started learning an instrument"),
        (
            "Been volunteering at the shelter a lot.",
            "Ana has been volunteering at the shelter a lot",
        ),
        ("They are so sweet. Just got some new shoes, too!", "Ana got some new shoes"),
    ],
)
def test_a_sentence_that_drops_the_i_is_the_speakers(text: str, memory: str) -> None:
    """Chat drops the "I": "Took a trip to Rome" tells what the speaker did."""
    assert told(text) == [memory]


@pytest.mark.parametrize(
    "text",
    [
        "Take a break. Visit your mom.",  # asked of the listener, not told
        "Got any paintings to show?",
        "Started when I was young and it's been great.",  # when, but not what
        "Been playing long?",
    ],
)
def test_what_drops_no_i_or_tells_nothing_is_none(text: str) -> None:
    assert told(text) == []


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        ("I've always had a love for horses!", "Ana loves horses"),
        ("I'm still following my passion for dance.", "Ana loves dance"),
        # Where what is loved is what the sentence goes on about, it ends before its verb.
        (
            "Exploring my love for dairy-free desserts has been fun.",
            "Ana loves dairy-free desserts",
        ),
        ("My love for you is endless.", None),  # of the one spoken to
    ],
)
def test_a_love_or_passion_for_something_is_liking_it(text: str, memory: str | None) -> None:
    assert told(text) == ([memory] if memory else [])


@pytest.mark.parametrize(
    ("text", "memory"),
    [
        (
            "Not much has changed, but I just discovered that I can make coconut milk icecream "
            "and gave it a try.",
            "Ana discovered that they can make coconut milk icecream",
        ),
        (
            "I just learned how to make pasta from scratch.",
            "Ana learned how to make pasta from scratch",
        ),
        ("I realized I can do it.", None),  # points at something said before
        ("I learned a lot.", None),
        (
            "I'm busy at the shelter getting ready for a fundraiser next week.",
            "Ana is busy at the shelter getting ready for a fundraiser",
        ),
        ("I'm so busy working on my store.", "Ana is busy working on their store"),
        ("I'm busy thinking about it.", None),
        ("I'm busy with work.", None),  # how much there is, not what is done
        (
            "I had an awesome summer with my friends, surfing and riding the waves.",
            "Ana had an awesome summer with their friends, surfing",
        ),
        ("I had a good summer.", None),  # how it went, nothing done
        ("I had a great weekend in Paris.", "Ana had a great weekend in Paris"),
        (
            "We had a lovely holiday in Crete with my parents.",
            "Ana had a lovely holiday in Crete with their parents",
        ),
        ("I haven't had a good time in ages.", None),
        ("I had a good time in the end.", None),  # how it went
        ("Did you have a great weekend in Paris?", None),
    ],
)
def test_what_one_found_one_can_do_or_is_busy_with_is_kept(text: str, memory: str | None) -> None:
    """What the speaker is busy doing, found they can do, or spent a season doing (or where)
    answers "what has Nate made?" or "what does John do outdoors?" on its own."""
    assert told(text) == ([memory] if memory else [])
