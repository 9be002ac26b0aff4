using Skyward.Core;
using UnityEngine;
using UnityEngine.InputSystem;

namespace Skyward.UI
{
    public sealed class PauseMenu : MonoBehaviour
    {
        [SerializeField] private GameObject panel;
        [SerializeField] private InputActionReference pauseAction;

        private void OnEnable()
        {
            pauseAction.action.performed += OnPause;
            pauseAction.action.Enable();
        }

        private void OnDisable() => pauseAction.action.performed -= OnPause;

        private void OnPause(InputAction.CallbackContext _)
        {
            bool show = !panel.activeSelf;
            panel.SetActive(show);
            GameManager.Instance.SetPaused(show);
        }
    }
}
