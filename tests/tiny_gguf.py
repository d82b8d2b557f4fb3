"""Writes a tiny random-weight llama-architecture GGUF so tests run real llama.cpp in milliseconds.

The weights are noise, so the text is nonsense, but everything around generation is real: the
tokenizer, the chat template, streaming, stopping and grammar-constrained JSON. Byte-fallback and
control tokens get all-zero output rows while the other rows are large, so sampling practically
never picks them (a partial UTF-8 byte makes llama-cpp-python crawl)."""

from __future__ import annotations

import string
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from gguf import GGMLQuantizationType, GGUFWriter, LlamaFileType, TokenType, quants

N_EMBD = 64
N_HEAD = 4
N_LAYER = 2
N_FF = 128
N_CTX = 2048


@dataclass(frozen=True, slots=True)
class ModelShape:
    """How big the model is: the tests' is tiny; a benchmark's can be a real model's size
    (its vocabulary stays the tiny one), to time llama.cpp reading prompts."""

    embedding: int = N_EMBD
    heads: int = N_HEAD
    layers: int = N_LAYER
    feed_forward: int = N_FF
    context: int = N_CTX


TINY = ModelShape()

CHAT_TEMPLATE = (
    "{% for message in messages %}<|{{ message['role'] }}|>\n{{ message['content'] }}</s>\n"
    "{% endfor %}{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)

# Like Gemma's and older Mistral's: no system role, user and assistant strictly alternating,
# anything else an error from the template itself.
STRICT_CHAT_TEMPLATE = (
    "{{ bos_token }}{% if messages[0]['role'] == 'system' %}"
    "{{ raise_exception('System role not supported') }}{% endif %}"
    "{% for message in messages %}{% if (message['role'] == 'user') != (loop.index0 % 2 == 0) %}"
    "{{ raise_exception('Conversation roles must alternate user/assistant/user/...') }}"
    "{% endif %}<|{{ message['role'] }}|>\n{{ message['content'] | trim }}\n{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)

# Like DeepSeek-R1's distillations: the prompt itself opens the model's reasoning, so the model
# writes only its close before answering.
THINKING_CHAT_TEMPLATE = CHAT_TEMPLATE.replace(
    "<|assistant|>\n{% endif %}", "<|assistant|>\n<think>\n{% endif %}"
)

# Like gpt-oss's (OpenAI's harmony format): messages framed by <|start|> ... <|end|>, the
# assistant's answers in the "final" channel, its reasoning (when it writes any) in "analysis".
HARMONY_CHAT_TEMPLATE = (
    "{% for message in messages %}{% if message['role'] == 'assistant' %}"
    "{{ '<|start|>assistant<|channel|>final<|message|>' + message['content'] + '<|end|>' }}"
    "{% else %}{{ '<|start|>' + message['role'] + '<|message|>' + message['content'] + '<|end|>' }}"
    "{% endif %}{% endfor %}{% if add_generation_prompt %}<|start|>assistant{% endif %}"
)

WORDS = (
    "the be to of and a in that have it for not on with he as you do at this but his by from "
    "they we say her she or an will my one all would there their what so up out if about who get "
    "which go me when make can like time no just him know take people into year your good some "
    "could them see other than then now look only come its over think also back after use two "
    "how our work first well way even new want because any these give day most us is are was "
    "were been has had did said went got made memory remember park river coffee tea walk run "
    "running dog cat book music friend family home city Berlin Lisbon Paris job project meeting "
    "tomorrow today yesterday week month morning evening plan idea yes true false name value "
    "answer count ok thanks hello world assistant user system question note task done need"
).split()


def _vocabulary() -> tuple[list[str], list[float], list[int]]:
    tokens = ["<unk>", "<s>", "</s>", "<|system|>", "<|user|>", "<|assistant|>"]
    types = [TokenType.UNKNOWN, TokenType.CONTROL, TokenType.CONTROL] + [TokenType.CONTROL] * 3
    tokens += [f"<0x{b:02X}>" for b in range(256)]
    types += [TokenType.BYTE] * 256
    pieces = ["▁"] + [c for c in string.printable if c not in " \t\n\r\x0b\x0c"] + ["\n"]
    pieces += ["▁" + c for c in string.ascii_letters + string.digits]
    # SentencePiece only reaches a word through pieces that grow one symbol at a time.
    pieces += [p for w in WORDS for i in range(2, len(w) + 1) for p in ("▁" + w[:i], w[:i])]
    pieces += ['{"', '":', '",', '"}', "▁true", "▁false", ',"']
    seen = set(tokens)
    for piece in pieces:
        if piece not in seen:
            seen.add(piece)
            tokens.append(piece)
            types.append(TokenType.NORMAL)
    # SentencePiece merges prefer higher scores: favour longer pieces.
    scores = [
        float(len(tok)) if t == TokenType.NORMAL else 0.0
        for tok, t in zip(tokens, types, strict=True)
    ]
    return tokens, scores, [int(t) for t in types]


def write_tiny_gguf(
    path: Path,
    seed: int = 7,
    chat_template: str = CHAT_TEMPLATE,
    quantised: bool = False,
    shape: ModelShape = TINY,
) -> Path:
    """`quantised`: the layers' matrices in Q8_0, as a downloaded chat model's are (llama.cpp
    runs such matrices through other kernels than float32 ones)."""
    tokens, scores, types = _vocabulary()
    n_vocab = len(tokens)
    rng = np.random.default_rng(seed)

    def noise(*shape: int, scale: float = 0.2) -> np.ndarray:
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    def add_matrix(name: str, data: np.ndarray) -> None:
        if not quantised:
            writer.add_tensor(name, data)
            return
        packed = quants.quantize(data, GGMLQuantizationType.Q8_0)
        writer.add_tensor(name, packed, raw_shape=packed.shape, raw_dtype=GGMLQuantizationType.Q8_0)

    writer = GGUFWriter(str(path), "llama")
    writer.add_name("engram-tiny-test")
    writer.add_context_length(shape.context)
    writer.add_embedding_length(shape.embedding)
    writer.add_block_count(shape.layers)
    writer.add_feed_forward_length(shape.feed_forward)
    writer.add_head_count(shape.heads)
    writer.add_head_count_kv(shape.heads)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_rope_dimension_count(shape.embedding // shape.heads)
    writer.add_file_type(LlamaFileType.MOSTLY_Q8_0 if quantised else LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores(scores)
    writer.add_token_types(types)
    writer.add_unk_token_id(0)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    writer.add_add_bos_token(True)
    writer.add_add_eos_token(False)
    writer.add_chat_template(chat_template)

    output = noise(n_vocab, shape.embedding, scale=2.0)
    output[np.array(types) != int(TokenType.NORMAL)] = 0.0
    writer.add_tensor("token_embd.weight", noise(n_vocab, shape.embedding, scale=1.0))
    writer.add_tensor("output_norm.weight", np.ones(shape.embedding, dtype=np.float32))
    writer.add_tensor("output.weight", output)
    for i in range(shape.layers):
        writer.add_tensor(f"blk.{i}.attn_norm.weight", np.ones(shape.embedding, dtype=np.float32))
        for name in ("attn_q", "attn_k", "attn_v", "attn_output"):
            add_matrix(f"blk.{i}.{name}.weight", noise(shape.embedding, shape.embedding))
        writer.add_tensor(f"blk.{i}.ffn_norm.weight", np.ones(shape.embedding, dtype=np.float32))
        add_matrix(f"blk.{i}.ffn_gate.weight", noise(shape.feed_forward, shape.embedding))
        add_matrix(f"blk.{i}.ffn_up.weight", noise(shape.feed_forward, shape.embedding))
        add_matrix(f"blk.{i}.ffn_down.weight", noise(shape.embedding, shape.feed_forward))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
