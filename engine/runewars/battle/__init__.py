"""The battle (pp. 18-24 „Kämpfe“; digest §7): one module per part.

``frame`` (the :class:`~engine.runewars.battle.frame.Battle` frame and its sides, fighters and
tasks), ``procedure`` (starting a battle and its steps), ``rounds`` (the five combat rounds),
``abilities`` and ``assign`` (the tasks), ``result`` (defence, strength, retreat, capture),
``figures`` and ``policy`` (helpers). This file imports none of them: the card effects read the
battle's frames (``frame``) and the battle's procedure opens the card effects' window, so
importing ``frame`` must not run the procedure.
"""
