"""``rlve ablate``: train the same starting model under several curriculum strategies and compare them.

``config`` (the ablation's TOML model and the demo's), ``warm_start`` (the demo's supervised phase),
``evaluate`` (greedy accuracy on held-out problems), ``arms`` (one training run per strategy and seed, scored
during and after), ``runner`` (the whole ablation), ``records`` (the ablation tables, and the mechanism read
back from the arms' runs), ``stats`` (t intervals over seeds, paired differences), ``report`` (tables, plot).
"""
