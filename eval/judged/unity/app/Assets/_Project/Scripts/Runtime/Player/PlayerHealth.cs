using System;
using Skyward.Events;
using UnityEngine;

namespace Skyward.Player
{
    public sealed class PlayerHealth : MonoBehaviour
    {
        [SerializeField] private int maxHealth = 5;
        [SerializeField] private GameEventChannel onPlayerDied;

        public int Current { get; private set; }
        public int Max => maxHealth;
        public event Action<int, int> Changed;

        private void Awake() => Current = maxHealth;

        public void TakeDamage(int amount)
        {
            if (amount <= 0 || Current == 0) return;
            Current = Mathf.Max(0, Current - amount);
            Changed?.Invoke(Current, maxHealth);
            if (Current == 0 && onPlayerDied != null) onPlayerDied.Raise();
        }

        public void Heal(int amount)
        {
            Current = Mathf.Min(maxHealth, Current + amount);
            Changed?.Invoke(Current, maxHealth);
        }
    }
}
