"""The verbs of things done that are worth a memory of their own, read by the event rules
(`core.ingest.fact_patterns`) and by sentences that drop their "I" (`core.ingest.dropped_i`):
one list, so both hear the same doings."""

from __future__ import annotations

# Things done that are worth a memory of their own (the "event" rules): "I ran a charity
# race", "we went camping", "I was in Chicago", "I broke my leg".
DONE = (
    r"was\s+in(?=\s+(?-i:[A-Z]))|(?:got|came)\s+back\s+from|returned\s+from|"
    r"went\s+to|went(?=\s+[a-z]+ing\b)|went\s+on(?=\s+(?:an?|another|our|my)\s)|"
    r"roasted|retook|dyed|submitted|celebrated|organi[sz]ed|developed|teamed\s+up\s+with|"
    r"reached\s+out\s+to|got\s+done(?=\s+[a-z]+ing\b)|started\s+on(?=\s+(?:an?|my|our|the)\s)|"
    r"(?:played|found|held)(?=\s+(?:an?|some|the)\s)|saw(?=\s+(?:an?|some)\s)|"
    r"started(?!\s+(?:a\s+)?(?:new\s+)?job\b|\s+working\b)|joined|finished|won|"
    r"took\s+(?:part\s+in|up)|tried|got(?=\s+(?:some\s+|an?\s+)?new\s)|"
    r"got\s+(?:the\s+chance\s+)?to\s+(?:volunteer\s+(?:at|for|with)|visit|see|meet|attend|try|"
    r"go\s+to)|"
    r"met\s+(?:back\s+)?up\s+with|"
    r"shared(?=\s+(?:my|our)\s)|"
    r"took(?=\s+an?\s+(?:[\w-]+\s+){0,2}(?:trip|vacation|holiday|class|course|walk|hike)\b)|"
    r"took\s+(?:the\s+kids|(?:my|our)\s+[a-z]+)(?:\s+to|(?=\s+[a-z]+ing\b))|visited|"
    r"signed\s+(?:up\s+for|with)|explored|helped|spent|made(?!\s+sure\b)|cooked|"
    r"wrapped\s+up|completed|participated\s+in|ran\s+into|ran|painted|adopted|"
    r"volunteered\s+(?:at|for)|attended|launched|learned|baked|bought|built|wrote|"
    r"published|moved\s+into|applied\s+(?:to|for)|watched|scored|donated|hiked|"
    # Life's turns: "I broke my leg", "I got married", "we had a baby", "I passed my
    # driving test".
    r"broke(?=\s+(?:up|my|our|a|an)\b)|passed(?=\s+(?:my|our|the\s+(?:[\w-]+\s+)?(?:exam|test|bar|course|interview)))|failed|"
    r"got(?=\s+(?:married|engaged|divorced|my\s+(?:driver|degree|diploma|license|licence|"
    r"phd|master|black\s+belt)))|"
    r"had(?=\s+(?:a\s+baby|twins|surgery|an?\s+(?:[\w-]+\s+)?(?:accident|operation|"
    r"miscarriage|heart\s+attack|stroke|concussion|baby\s+\w+)))|"
    # ...and meeting people: "I talked to my friend who ...", "I had a chat with a fan".
    r"talked\s+to|chatted\s+with|used\s+to(?=\s+(?!be\b|think\b|have\b)[a-z]+\s)|"
    # ...and being somewhere: "we had a great time at the pride event last month".
    r"had\s+(?:a\s+(?:great|good|fun|wonderful|amazing|awesome|fantastic|lovely)\s+time|a\s+blast)"
    r"\s+at(?=\s+(?:the|an?|my|our)\s)|"
    r"had(?=\s+an?\s+(?:[\w-]+\s+){0,2}(?:chat|conversation|talk|game|match|party|meeting|"
    r"audition|interview|date|incident|reunion)\b)"
)
