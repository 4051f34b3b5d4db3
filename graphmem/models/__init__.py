"""The boundaries to models: the chat model (``llm``: prompts, retries, validated
replies, failures translated at one place), the embedders (``embed``: hashing, openai,
sentence-transformers; ``semantic``: the offline WordLlama one; ``contextual``: the offline
all-MiniLM-L6-v2 on ONNX Runtime) and token counting
(``tokens``, with the tiktoken files shipped in ``encodings/``). Prompts live in
``prompts/``. It may import the vocabulary only (tests/test_layers.py holds the order).
"""
