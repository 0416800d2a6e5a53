"""``rlve ablate``: train the same starting model under several curriculum strategies and compare them.

``config`` (the ablation's TOML model), ``warm_start`` (the demo's supervised phase), ``evaluate``
(greedy accuracy on held-out problems), ``arms`` (one training run per strategy and seed), ``stats``
(mean and confidence interval over seeds), ``store`` (the ablation tables), ``report`` (table and plot).
"""
