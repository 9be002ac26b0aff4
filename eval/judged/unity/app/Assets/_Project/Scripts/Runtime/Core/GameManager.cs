using Skyward.Events;
using UnityEngine;

namespace Skyward.Core
{
    public enum GameState { Boot, MainMenu, Playing, Paused, GameOver }

    public sealed class GameManager : MonoBehaviour
    {
        public static GameManager Instance { get; private set; }

        [SerializeField] private GameEventChannel onPlayerDied;
        [SerializeField] private SceneLoader sceneLoader;

        public GameState State { get; private set; } = GameState.Boot;

        private void Awake()
        {
            if (Instance != null && Instance != this) { Destroy(gameObject); return; }
            Instance = this;
            DontDestroyOnLoad(gameObject);
        }

        private void OnEnable() => onPlayerDied.Raised += HandlePlayerDied;
        private void OnDisable() => onPlayerDied.Raised -= HandlePlayerDied;

        public void SetPaused(bool paused)
        {
            State = paused ? GameState.Paused : GameState.Playing;
            Time.timeScale = paused ? 0f : 1f;
        }

        private void HandlePlayerDied()
        {
            State = GameState.GameOver;
        }
    }
}
