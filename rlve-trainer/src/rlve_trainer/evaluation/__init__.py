"""``rlve eval``: a model's frontier per environment, the highest difficulty it still solves often enough.

``frontier`` is the search (pure logic, no model), ``backends`` turn prompts into completions (a local
Hugging Face model, vLLM, or any OpenAI-compatible server), ``runner`` ties the two to the environments and
the verifiers, ``records`` keeps the results in the history database and ``report`` reads them back.
"""
