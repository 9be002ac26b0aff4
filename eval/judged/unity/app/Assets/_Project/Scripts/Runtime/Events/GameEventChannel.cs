using System;
using UnityEngine;

namespace Skyward.Events
{
    [CreateAssetMenu(menuName = "Skyward/Events/Game Event Channel")]
    public sealed class GameEventChannel : ScriptableObject
    {
        public event Action Raised;

        public void Raise() => Raised?.Invoke();
    }
}
